/**
 * The recurring task of the job workflow on its job runner (src/server/job-runner, decision 0016) and
 * "live in search" (issue 13 item 7): on both databases, a job published by its schedule, edited, withdrawn
 * or expired shows so in the search, its facets and the similar jobs within 5 seconds, answered from the
 * in-memory index caught up with the write (not rebuilt); the task records each state change once, also
 * with two runners on one database.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSimilarJobs } from '../../src/lib/operations/content';
import {
  changeJobState,
  createJob as createJobOperation,
  jobForEdit,
  updateJob,
} from '../../src/lib/operations/job-posting';
import { searchJobs } from '../../src/lib/operations/search';
import type { JobInput, JobSearchInput } from '../../src/lib/operations/generated/types';
import { creditBalances } from '../../src/server/db/schema/commerce';
import { jobOccupationalFields, jobs, jobStateChanges } from '../../src/server/db/schema/jobs';
import { testDialects } from '../../src/server/db/testing';
import { jobScheduleQueue, startJobRunner, type JobRunner } from '../../src/server/job-runner';
import { applyJobSchedule, type AppliedJobSchedule } from '../../src/server/modules/jobs/apply-job-schedule';
import { currentJobIndex } from '../../src/server/search/job-index';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createJob, createOrganization, createUser } from '../support/factories';

const friedrichshafen = { latitude: 47.6567, longitude: 9.4797, locality: 'Friedrichshafen', countryCode: 'DE' };

/** Polls until `check` holds; the milliseconds it took (fails after 5 s, the budget of issue 13). */
async function within5s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5000) throw new Error('not visible within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

const until = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

describe.each(testDialects)('job runner and live search on %s', (dialect) => {
  let backend: TestBackend;
  const runners: JobRunner[] = [];
  const runs: AppliedJobSchedule[] = [];
  let organization: { id: number; name: string };
  let fieldId: number;
  let publishAt: number;
  let scheduledId: number;
  const db = () => backend.handle.db;
  const search = async (input: JobSearchInput) => {
    const response = await backend.request(searchJobs, { input });
    return response.body.data!.searchJobs;
  };
  const idsOf = (result: Awaited<ReturnType<typeof search>>) => result.items.map((item) => item.job.id);
  const similarTo = async (jobId: number) =>
    (await backend.request(getSimilarJobs, { jobId, limit: 4 })).body.data!.similarJobs.map((job) => job.id);

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    await seedDatabase(db(), { jobs: 400, organizations: 30, seed: 5 });
    const found = await db().execute<{ id: number; name: string }>(
      sql`select id, name from organizations where frontend = 'tagblatt' order by id limit 1`,
    );
    organization = found.rows[0]!;
    const field = await db().execute<{ id: number }>(
      sql`select id from taxonomy_terms where vocabulary = 'occupational_field' order by id limit 1`,
    );
    fieldId = field.rows[0]!.id;
    // Scheduled for a few seconds from now, before the runners start: their first run sees it coming.
    publishAt = Date.now() + 8000;
    scheduledId = (
      await createJob(db(), {
        organization,
        title: 'Zeppelinmechanikerin (m/w/d)',
        state: 'scheduled',
        publishedAt: new Date(publishAt),
        // Running for 6 s: the run at its publish date queues the one at its expiry.
        expiresAt: new Date(publishAt + 6000),
        locations: [friedrichshafen],
      })
    ).id;
    await db().insert(jobOccupationalFields).values({ jobId: scheduledId, termId: fieldId });
    // Two runners on one database, as two PM2 workers start them; their cron passes look every second.
    for (let worker = 0; worker < 2; worker++) {
      runners.push(
        await startJobRunner(backend.handle, {
          databaseUrl: backend.databaseUrl,
          cronMonitorIntervalSeconds: 1,
          onRun: (result) => runs.push(result),
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await backend?.dispose();
  });

  it('publishes a scheduled job at its date and archives an expired one, recorded once each', async () => {
    const index = await currentJobIndex(db(), { wait: true });
    const built = index!.ordered;
    const scheduled = { id: scheduledId };
    const neighbour = await createJob(db(), { organization, locations: [friedrichshafen] });
    await db().insert(jobOccupationalFields).values({ jobId: neighbour.id, termId: fieldId });
    expect((await search({ search: 'Zeppelinmechanikerin' })).total).toBe(0);
    const companyCount = async () => {
      const result = await search({ title: 'zeppelin' });
      return (
        result.facets
          .find((facet) => facet.field === 'company')
          ?.values.find((value) => value.value === String(organization.id))?.count ?? 0
      );
    };

    await until(publishAt);
    const visibleAfter = await within5s(async () => {
      const found = await search({ search: 'Zeppelinmechanikerin' });
      return idsOf(found).includes(scheduled.id);
    });
    expect(await companyCount()).toBe(1);
    expect(await similarTo(neighbour.id)).toContain(scheduled.id);
    const [published] = await db().select().from(jobs).where(eq(jobs.id, scheduled.id));
    expect(published!.state).toBe('published');
    expect(visibleAfter).toBeLessThan(5000);

    // Edited: the new title is found, the old one no longer.
    await db().update(jobs).set({ title: 'Luftschiffmechanikerin (m/w/d)' }).where(eq(jobs.id, scheduled.id));
    await within5s(async () => idsOf(await search({ search: 'Luftschiffmechanikerin' })).includes(scheduled.id));
    expect((await search({ search: 'Zeppelinmechanikerin' })).total).toBe(0);

    // Expired: out of the search, facets and similar jobs, then archived by the task.
    await until(publishAt + 6000);
    await within5s(async () => (await search({ search: 'Luftschiffmechanikerin' })).total === 0);
    expect(await companyCount()).toBe(0);
    expect(await similarTo(neighbour.id)).not.toContain(scheduled.id);
    await within5s(async () => {
      const [row] = await db().select({ state: jobs.state }).from(jobs).where(eq(jobs.id, scheduled.id));
      return row!.state === 'archived';
    });

    // Withdrawn (as the job manager's action writes it): gone at once.
    await db().update(jobs).set({ state: 'archived' }).where(eq(jobs.id, neighbour.id));
    await within5s(
      async () => !idsOf(await search({ title: (neighbour.title ?? '').toLowerCase() })).includes(neighbour.id),
    );

    // Each transition recorded once, by the system, though two runners ran every second.
    const history = await db()
      .select()
      .from(jobStateChanges)
      .where(eq(jobStateChanges.jobId, scheduled.id))
      .orderBy(jobStateChanges.id);
    expect(history.map((change) => [change.fromState, change.toState, change.actorUserId])).toEqual([
      ['scheduled', 'published', null],
      ['published', 'archived', null],
    ]);
    expect(runs.flatMap((run) => run.published).filter((id) => id === scheduled.id)).toHaveLength(1);
    expect(runs.flatMap((run) => run.archived).filter((id) => id === scheduled.id)).toHaveLength(1);

    // The index answered throughout, caught up with each write: the same copy, never rebuilt.
    const after = await currentJobIndex(db());
    expect(after).toBe(index);
    expect(after!.ordered).toBe(built);
  }, 60_000);

  it('shows a job posted, edited and withdrawn through the job posting API in search, facets and similar jobs within 5 s', async () => {
    const index = await currentJobIndex(db(), { wait: true });
    const built = index!.ordered;
    const recruiter = await createUser(db(), { email: `live-${dialect}@example.test`, roles: ['recruiter'] });
    const trusted = await createOrganization(db(), {
      name: 'Luftschiffwerft Bodensee',
      frontend: 'tagblatt',
      trusted: true,
      members: [{ id: recruiter.id }],
    });
    await db()
      .insert(creditBalances)
      .values({ organizationId: trusted.id, type: 'job_credits', amount: 5, frontend: 'tagblatt' });
    const token = await backend.tokenFor(recruiter);
    const headers = { frontend: 'tagblatt;de' };
    const input: JobInput = {
      jobType: 'job_per_template',
      title: 'Hüllenbauerin (m/w/d)',
      description: '<p>Wir bauen Luftschiffe.</p>',
      organizationId: trusted.id,
      locations: [{ ...friedrichshafen, addressLine1: 'Allmannsweilerstraße 1', postalCode: '88046' }],
      occupationalFieldIds: [fieldId],
      applicationWorkflow: 'email',
      applicationEmails: ['jobs@luftschiffwerft.test'],
      language: 'de',
    };
    const neighbour = await createJob(db(), { organization, locations: [friedrichshafen] });
    await db().insert(jobOccupationalFields).values({ jobId: neighbour.id, termId: fieldId });

    const posted = await backend.request(createJobOperation, { input, publish: true }, { token, headers });
    expect(posted.body.errors).toBeUndefined();
    const id = posted.body.data!.createJob.id;
    expect(posted.body.data!.createJob.workflowState).toBe('published');
    const company = async () => {
      const result = await search({ title: 'hüllenbau' });
      return (
        result.facets
          .find((facet) => facet.field === 'company')
          ?.values.find((value) => value.value === String(trusted.id))?.count ?? 0
      );
    };
    expect(await within5s(async () => idsOf(await search({ search: 'Hüllenbauerin' })).includes(id))).toBeLessThan(
      5000,
    );
    expect(await company()).toBe(1);
    expect(await similarTo(neighbour.id)).toContain(id);

    const form = (await backend.request(jobForEdit, { id }, { token, headers })).body.data!.job!;
    expect(form.formValues?.publishedAt).toBeTruthy();
    const edited = await backend.request(
      updateJob,
      // As the form sends it: every field, the schedule it loaded included.
      {
        id,
        input: {
          ...input,
          title: 'Hüllenbaumeisterin (m/w/d)',
          publishedAt: form.formValues!.publishedAt,
          expiresAt: form.formValues!.expiresAt,
        },
      },
      { token, headers },
    );
    expect(edited.body.errors).toBeUndefined();
    await within5s(async () => idsOf(await search({ search: 'Hüllenbaumeisterin' })).includes(id));
    expect(idsOf(await search({ search: 'Hüllenbauerin' }))).not.toContain(id);

    const withdrawn = await backend.request(changeJobState, { id, action: 'withdraw' }, { token, headers });
    expect(withdrawn.body.data?.changeJobState.workflowState).toBe('archived');
    await within5s(async () => (await search({ search: 'Hüllenbaumeisterin' })).total === 0);
    expect(await company()).toBe(0);
    expect(await similarTo(neighbour.id)).not.toContain(id);

    // Caught up, never rebuilt.
    const after = await currentJobIndex(db());
    expect(after).toBe(index);
    expect(after!.ordered).toBe(built);
  }, 60_000);

  it('publishes a job scheduled through the API a few seconds ahead at its date, not with the next minute', async () => {
    const recruiter = await createUser(db(), { email: `soon-${dialect}@example.test`, roles: ['recruiter'] });
    const trusted = await createOrganization(db(), {
      name: 'Bodensee Fähren',
      frontend: 'tagblatt',
      trusted: true,
      members: [{ id: recruiter.id }],
    });
    await db()
      .insert(creditBalances)
      .values({ organizationId: trusted.id, type: 'job_credits', amount: 1, frontend: 'tagblatt' });
    const publishedAt = new Date(Date.now() + 3000);
    const posted = await backend.request(
      createJobOperation,
      {
        input: {
          jobType: 'job_per_template',
          title: 'Fährmatrosin (m/w/d)',
          description: '<p>Wir fahren über den See.</p>',
          organizationId: trusted.id,
          locations: [{ ...friedrichshafen, addressLine1: 'Seestraße 1', postalCode: '88045' }],
          applicationWorkflow: 'email',
          applicationEmails: ['jobs@faehren.test'],
          language: 'de',
          publishedAt: publishedAt.toISOString(),
        },
        publish: true,
      },
      { token: await backend.tokenFor(recruiter), headers: { frontend: 'tagblatt;de' } },
    );
    expect(posted.body.data?.createJob.workflowState).toBe('scheduled');
    await until(publishedAt.getTime());
    // The minute's run looked ahead before this job existed; the workflow queued a run at its date.
    await within5s(async () =>
      idsOf(await search({ search: 'Fährmatrosin' })).includes(posted.body.data!.createJob.id),
    );
    const [row] = await db().select().from(jobs).where(eq(jobs.id, posted.body.data!.createJob.id));
    expect(row?.state).toBe('published');
  }, 30_000);

  it('writes nothing when nothing is due: the search and page caches stay valid', async () => {
    const revisions = () =>
      db().execute<{ search: string; content: string }>(
        sql`select (select revision::text from search_revision) as search, (select revision::text from content_revision) as content`,
      );
    await db().execute(sql`update jobs set expires_at = null where state = 'published' and expires_at <= now()`);
    await db().execute(sql`update jobs set state = 'archived' where state = 'scheduled' and published_at <= now()`);
    const before = (await revisions()).rows[0];
    expect(await applyJobSchedule(db())).toEqual({ archived: [], published: [] });
    expect((await revisions()).rows[0]).toEqual(before);
  });

  it('archives expired jobs without moving the content revision, and publishes scheduled ones with it', async () => {
    const revisions = async () =>
      (
        await db().execute<{ search: string; content: string }>(
          sql`select (select revision::text from search_revision) as search, (select revision::text from content_revision) as content`,
        )
      ).rows[0]!;
    const { rows } = await db().execute<{ id: number }>(
      sql`select id from jobs where state = 'published' order by id limit 2`,
    );
    const [expired, scheduled] = rows.map((row) => Number(row.id));
    await db().execute(sql`update jobs set expires_at = now() - interval '1 second' where id = ${expired}`);
    const before = await revisions();
    expect((await applyJobSchedule(db())).archived).toEqual([expired]);
    const afterArchive = await revisions();
    // Every page already showed it as expired; the search's index is told of the state change.
    expect(afterArchive.content).toBe(before.content);
    expect(afterArchive.search).not.toBe(before.search);

    await db().execute(
      sql`update jobs set state = 'scheduled', published_at = now() - interval '1 second' where id = ${scheduled}`,
    );
    const beforePublish = await revisions();
    expect((await applyJobSchedule(db())).published).toEqual([scheduled]);
    expect((await revisions()).content).not.toBe(beforePublish.content);
  });

  it('creates one run per schedule slot with two runners', async () => {
    // pg-boss's cron pass files a schedule's occurrence as one job per minute slot, whoever passes.
    const { rows } = await db().execute<{ slot: string; count: number | string }>(sql`
      select singleton_on::text as slot, count(*) as count from pgboss.job
      where name = '__pgboss__send-it' and data->>'name' = ${jobScheduleQueue} group by singleton_on`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.count), row.slot).toBe(1);
  });
});
