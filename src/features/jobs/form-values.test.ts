import { describe, expect, it } from 'vitest';
import { jobDraftSchema, jobPublishSchema } from '../../lib/jobs/job-schema';
import { dateInputValue, emptyJobForm, instantOfDateInput } from './form-values';

describe('job form values', () => {
  it('starts a new job as a draft the shared schema accepts once it has a title, and refuses to publish it', () => {
    const empty = emptyJobForm({ jobType: 'job_per_template', organizationId: 7, language: 'de' });
    expect(jobDraftSchema.safeParse(empty).success).toBe(false);
    expect(jobDraftSchema.safeParse({ ...empty, title: 'Pflegefachkraft' }).success).toBe(true);
    const publish = jobPublishSchema.safeParse({ ...empty, title: 'Pflegefachkraft' });
    expect(publish.success).toBe(false);
    const fields = publish.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['description', 'locations', 'applicationEmails']));
  });

  it('turns a date input into the start of that day and back', () => {
    const instant = instantOfDateInput('2026-12-01');
    expect(instant).not.toBeNull();
    expect(dateInputValue(instant)).toBe('2026-12-01');
    expect(instantOfDateInput('')).toBeNull();
    expect(instantOfDateInput('01.12.2026')).toBeNull();
    expect(dateInputValue(null)).toBe('');
  });
});
