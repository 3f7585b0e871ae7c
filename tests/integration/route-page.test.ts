/**
 * The page of a path in one operation (getRoutePage): the route lookup with the content of its kind answers
 * what the separate operations answer, and the job page's fields are read together (its statements are
 * counted, so a change that reads the job's and the teasers' fields apart again shows here).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getJob,
  getJobById,
  getOrganizationProfile,
  getRoutePage,
  getSimilarJobs,
} from '../../src/lib/operations/content';
import { getLandingPage, getRoutInfo } from '../../src/lib/operations/routing';
import { testDialects } from '../../src/server/db/testing';
import { currentJobIndex } from '../../src/server/search/job-index';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createTestBackend, type TestBackend } from '../support/backend';

describe.each(testDialects)('the route page operation on %s', (dialect) => {
  let backend: TestBackend;
  const statements: string[] = [];
  const aliasOf = async (kind: string) => {
    const { rows } = await backend.handle.db.execute<{ path: string; target_id: number }>(
      sql`select a.path, a.target_id from path_aliases a where a.target_kind = ${kind} and (a.language is null or a.language = 'de')
        and (${kind} <> 'Job' or exists (select 1 from jobs j where j.id = a.target_id and j.state = 'published'
          and j.frontend = 'tagblatt' and (j.expires_at is null or j.expires_at > now())))
        and (${kind} <> 'OrganizationProfile' or exists (select 1 from organizations o where o.id = a.target_id
          and o.published and o.frontend = 'tagblatt'))
        order by a.id limit 1`,
    );
    return rows[0]!;
  };

  beforeAll(async () => {
    backend = await createTestBackend(dialect, { onQuery: (text) => statements.push(text) });
    await seedDatabase(backend.handle.db, { jobs: 200, organizations: 20, seed: 5 });
    await currentJobIndex(backend.handle.db, { wait: true });
  }, 120_000);
  afterAll(() => backend?.dispose());

  it('answers a job path with the job and its similar jobs, as job and similarJobs answer them', async () => {
    const { path, target_id: id } = await aliasOf('Job');
    // Once to fill the process's copies (taxonomy terms), then counted.
    await backend.request(getRoutePage, { slug: path, language: 'de' });
    statements.length = 0;
    const page = await backend.request(getRoutePage, { slug: path, language: 'de' });
    const counted = statements.length;
    expect(page.body.errors).toBeUndefined();
    const route = page.body.data!.getRoutInfo;
    expect(route).toMatchObject({ __typename: 'RouteContent', kind: 'Job', id, organizationProfile: null });
    const job = (await backend.request(getJob, { id })).body.data!.job;
    const similar = (await backend.request(getSimilarJobs, { jobId: id, limit: 4 })).body.data!.similarJobs;
    expect(similar.length).toBeGreaterThan(0);
    if (route.__typename !== 'RouteContent') throw new Error('not content');
    expect(route.job).toEqual(job);
    expect(route.similarJobs).toEqual(similar);
    expect(route.landingPage).toBeNull();
    // The route lookup, the job's row, the search revision, the similar jobs' rows, then one statement per
    // loader for the job and the teasers together (organizations, places, URLs, employment types,
    // occupational fields); single terms come from the process's copy of the taxonomy.
    expect(counted).toBeLessThanOrEqual(9);
  });

  it('answers /job/<id> without an alias with jobById, as job and similarJobs answer them', async () => {
    const { target_id: id } = await aliasOf('Job');
    const route = (await backend.request(getRoutInfo, { slug: `/job/${id}`, language: 'de' })).body.data!;
    expect(route.getRoutInfo).toMatchObject({ __typename: 'RouteError', code: 404 });
    const { body } = await backend.request(getJobById, { id });
    expect(body.data!.job).toEqual((await backend.request(getJob, { id })).body.data!.job);
    expect(body.data!.similarJobs).toEqual(
      (await backend.request(getSimilarJobs, { jobId: id, limit: 4 })).body.data!.similarJobs,
    );
    const missing = await backend.request(getJobById, { id: 999_999 });
    expect(missing.body.data).toEqual({ job: null, similarJobs: [] });
  });

  it('answers an organization path with its profile and a landing page path with the page', async () => {
    const organization = await aliasOf('OrganizationProfile');
    const organizationPage = (await backend.request(getRoutePage, { slug: organization.path, language: 'de' })).body
      .data!.getRoutInfo;
    const profile = (await backend.request(getOrganizationProfile, { id: organization.target_id })).body.data!
      .organizationProfile;
    expect(profile).not.toBeNull();
    expect(organizationPage).toMatchObject({
      kind: 'OrganizationProfile',
      organizationProfile: profile,
      job: null,
      similarJobs: [],
      landingPage: null,
    });

    const landing = await aliasOf('LandingPage');
    const landingPage = (await backend.request(getRoutePage, { slug: landing.path, language: 'de' })).body.data!
      .getRoutInfo;
    const page = (await backend.request(getLandingPage, { id: landing.target_id })).body.data!.landingPage;
    expect(page).not.toBeNull();
    expect(landingPage).toMatchObject({ kind: 'LandingPage', landingPage: page, job: null, organizationProfile: null });
  });

  it("shows a term's new label at once: the process's copy of the taxonomy follows the search revision", async () => {
    const db = backend.handle.db;
    const { rows } = await db.execute<{ id: number; term_id: number }>(
      sql`select id, years_of_experience_id as term_id from jobs where years_of_experience_id is not null
        and state = 'published' and frontend = 'tagblatt' order by id limit 1`,
    );
    const { id, term_id: termId } = rows[0]!;
    const before = (await backend.request(getJob, { id })).body.data!.job!.yearsOfExperience;
    expect(before?.tid).toBe(termId);
    await db.execute(sql`update taxonomy_terms set label_de = 'Neu benannt' where id = ${termId}`);
    const after = (await backend.request(getJob, { id })).body.data!.job!.yearsOfExperience;
    expect(after).toEqual({ ...before, label: 'Neu benannt' });
  });

  it('answers a path that shows nothing with the route error alone', async () => {
    const { body } = await backend.request(getRoutePage, { slug: '/no-such-page', language: 'de' });
    expect(body).toEqual({ data: { getRoutInfo: { __typename: 'RouteError', code: 404, reason: 'Not found' } } });
  });
});
