import { describe, expect, it } from 'vitest';
import { jobIdFromPath, organizationIdFromPath } from './route-content';

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

describe('ids in paths', () => {
  it('name nothing when beyond what an id can be', () => {
    expect(jobIdFromPath('/job/2147483647')).toBe(2147483647);
    expect(jobIdFromPath('/job/2147483648')).toBeNull();
    expect(jobIdFromPath('/job/pflege-99999999999999999999')).toBeNull();
    expect(jobIdFromPath('/job/0')).toBeNull();
  });

  it('find organizations without a path alias by id', () => {
    expect(organizationIdFromPath('/organization/12')).toBe(12);
    expect(organizationIdFromPath('/organization/12/')).toBe(12);
    expect(organizationIdFromPath('/organization/acme-12')).toBeNull();
    expect(organizationIdFromPath('/organization/2147483648')).toBeNull();
  });
});
