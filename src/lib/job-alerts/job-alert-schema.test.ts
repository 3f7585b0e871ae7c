import { describe, expect, it } from 'vitest';
import { defaultConstants } from '../../../brands/constants';
import {
  anonymousJobAlertSchema,
  createJobAlertSchema,
  frequencyOf,
  isAlertModalDue,
  updateJobAlertSchema,
} from './job-alert-schema';

const valid = { frequency: 'weekly', label: 'Pflege Jobs in Tübingen', searchPath: '/jobs?search=pflege' };
const intervals = defaultConstants.alertIntervalsSeconds;

describe('the job alert form schema', () => {
  it('takes a frequency of SPEC 9 (not none for a new alert), a heading and a path of this site', () => {
    expect(createJobAlertSchema.safeParse(valid).success).toBe(true);
    expect(createJobAlertSchema.safeParse({ ...valid, frequency: 'none' }).success).toBe(false);
    expect(createJobAlertSchema.safeParse({ ...valid, frequency: 'hourly' }).success).toBe(false);
    for (const searchPath of ['//evil.example/jobs', 'https://evil.example/', '/\\evil', '/jobs?a= b', 'jobs']) {
      expect(createJobAlertSchema.safeParse({ ...valid, searchPath }).success, searchPath).toBe(false);
    }
    expect(createJobAlertSchema.safeParse({ ...valid, label: ' ' }).success).toBe(false);
    expect(createJobAlertSchema.safeParse({ ...valid, label: 'x'.repeat(201) }).success).toBe(false);
  });

  it('needs a valid address from anonymous visitors only', () => {
    expect(anonymousJobAlertSchema.safeParse(valid).success).toBe(false);
    expect(anonymousJobAlertSchema.safeParse({ ...valid, email: 'no' }).success).toBe(false);
    expect(anonymousJobAlertSchema.parse({ ...valid, email: ' Ann@Example.test ' }).email).toBe('ann@example.test');
  });

  it('maps frequencies to the intervals of brands/constants.ts and back; none pauses', () => {
    expect(frequencyOf(86_400, intervals)).toBe('daily');
    expect(frequencyOf(2_628_000, intervals)).toBe('monthly');
    expect(frequencyOf(-1, intervals)).toBe('none');
    expect(updateJobAlertSchema.safeParse({ frequency: 'none' }).success).toBe(true);
  });
});

describe('the alert dialog frequency (SPEC 9: at most every 10 days)', () => {
  const day = 86_400_000;
  it('is due when never shown or shown 10 days ago or more', () => {
    expect(isAlertModalDue(null, 0, 10)).toBe(true);
    expect(isAlertModalDue(0, 10 * day - 1, 10)).toBe(false);
    expect(isAlertModalDue(0, 10 * day, 10)).toBe(true);
    expect(isAlertModalDue(Number.NaN, 5, 10)).toBe(true);
  });
});
