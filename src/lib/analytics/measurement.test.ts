import { describe, expect, it } from 'vitest';
import {
  analyticsUserRole,
  conversionBodySchema,
  dimensionsOf,
  gmapiBodySchema,
  pageViewCategoryOf,
  relayParams,
} from './measurement';

const none = new URLSearchParams();

describe('measurement rules', () => {
  it('names the page-view category of each page kind (SPEC 2)', () => {
    expect(pageViewCategoryOf('/', none)).toBe('frontpage');
    expect(pageViewCategoryOf('/organizations', none)).toBe('organizations');
    expect(pageViewCategoryOf('/organization/acme-gmbh', none)).toBe('organization');
    expect(pageViewCategoryOf('/jobs/it', none)).toBe('job search');
    expect(pageViewCategoryOf('/jobs', new URLSearchParams('jobId=4'))).toBe('job');
    expect(pageViewCategoryOf('/job/schreiner-4', none)).toBe('job');
    expect(pageViewCategoryOf('/blog/tipps', none)).toBe('blog');
    expect(pageViewCategoryOf('/router', none)).toBe('router');
    expect(pageViewCategoryOf('/user/login', none)).toBe('other');
  });

  it('sends missing numeric ids as -1 and other missing values as (none) (SPEC 9)', () => {
    expect(dimensionsOf({ entity_id: 12, entity_type: 'job', organization_id: null, search_query: ' ' })).toEqual({
      entity_id: 12,
      entity_type: 'job',
      entity_bundle: '(none)',
      user_role: '(none)',
      organization_id: -1,
      organization_name: '(none)',
      signup_method: '(none)',
      search_query: '(none)',
    });
    expect(analyticsUserRole([])).toBe('anonymous');
    expect(
      analyticsUserRole([
        { id: 'recruiter', targetId: 'recruiter' },
        { id: 'applicant', targetId: null },
      ]),
    ).toBe('recruiter | applicant');
  });

  it('forwards no field named after a user, session, owner or referrer, and entity_id only for the listed events', () => {
    const params = { entity_id: 7, user_role: 'applicant', session_id: 'x', owner_id: 3, page_referrer: 'y', a: 'b' };
    expect(relayParams('job_visit', params, 'tagblatt')).toEqual({
      entity_id: 7,
      a: 'b',
      value: 1,
      server: 1,
      frontend: 'tagblatt',
    });
    expect(relayParams('page_view', { ...params, value: 3 }, 'suedjobs')).toEqual({
      a: 'b',
      value: 3,
      server: 1,
      frontend: 'suedjobs',
    });
  });

  it('accepts the relay bodies of SPEC 7 and nothing else', () => {
    expect(gmapiBodySchema.parse({ event: 'ss_job_visit', params: { entity_id: 1 } }).event).toBe('job_visit');
    for (const bad of [
      { event: 'job_visit' },
      { event: 'ss_unknown' },
      { event: 'ss_page_view', params: { nested: { a: 1 } } },
      { event: 'ss_page_view', params: { 'Bad Name': 1 } },
      { event: 'ss_page_view', params: Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`p${i}`, i])) },
      { event: 'ss_page_view', client_id: 'me@example.com' },
      'ss_page_view',
    ]) {
      expect(gmapiBodySchema.safeParse(bad).success).toBe(false);
    }
    expect(conversionBodySchema.safeParse({ event_name: 'sign_up', custom_data: {} }).success).toBe(true);
    expect(conversionBodySchema.safeParse({ event_name: 'ss_sign_up' }).success).toBe(false);
  });
});
