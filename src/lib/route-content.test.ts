import { describe, expect, it } from 'vitest';
import { jobIdFromPath } from './route-content';

describe('job paths without alias', () => {
  it('take the id from the end of the path', () => {
    expect(jobIdFromPath('/job/42')).toBe(42);
    expect(jobIdFromPath('/job/pflegefachkraft-m-w-d-42')).toBe(42);
    expect(jobIdFromPath('/job/42/')).toBe(42);
  });
  it('ignore other paths', () => {
    expect(jobIdFromPath('/job/pflege')).toBeNull();
    expect(jobIdFromPath('/jobs/42')).toBeNull();
    expect(jobIdFromPath('/job/42/apply')).toBeNull();
  });
});
