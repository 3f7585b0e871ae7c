import { describe, expect, it } from 'vitest';
import type { BackendClient } from './backend-client/index';
import { jobIdFromPath, organizationIdFromPath, resolveRouteContent } from './route-content';
import { maxRoutePathLength } from './routing/site-paths';

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

describe('resolveRouteContent', () => {
  it('does not ask the backend about a path longer than any page has', async () => {
    const backend = {
      request: () => Promise.reject(new Error('the backend was asked')),
    } as unknown as BackendClient;
    expect(await resolveRouteContent(backend, `/${'a'.repeat(maxRoutePathLength)}`, 'de')).toEqual({
      kind: 'error',
      status: 404,
    });
  });
});
