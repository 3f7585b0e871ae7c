import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, getSimilarJobs } from '../../src/lib/operations/content';
import { jobLocations, jobs } from '../../src/server/db/schema/jobs';
import { testDialects } from '../../src/server/db/testing';
import { listSimilarJobs } from '../../src/server/modules/jobs/list-similar-jobs';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createTestBackend, type TestBackend } from '../support/backend';

describe.each(testDialects)('similarJobs on %s', (dialect) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    await seedDatabase(backend.handle.db, { jobs: 300, organizations: 30, seed: 7 });
  });
  afterAll(() => backend?.dispose());

  it('lists open jobs of the same occupational field, not the job itself', async () => {
    const { rows } = await backend.handle.db.execute<{ id: number; term_id: number }>(
      sql`select j.id, f.term_id from jobs j join job_occupational_fields f on f.job_id = j.id where j.state = 'published' order by j.id limit 1`,
    );
    const { id, term_id: termId } = rows[0]!;
    const result = await backend.request(getSimilarJobs, { jobId: id, limit: 4 });
    const similar = result.body.data!.similarJobs;
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(4);
    for (const { id: similarId } of similar) {
      expect(similarId).not.toBe(id);
      // Each as its page sees it.
      const job = (await backend.request(getJob, { id: similarId })).body.data?.job;
      expect(job).toMatchObject({ state: 'published', isExpired: false });
      expect(job?.occupationalFields.map((field) => field.tid)).toContain(termId);
    }
  });

  it('refuses a limit outside 1..10', async () => {
    const result = await backend.request(getSimilarJobs, { jobId: 1, limit: 11 });
    expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('selects the same jobs in the same order from the in-memory index as from the database', async () => {
    const db = backend.handle.db;
    // Fourteen jobs at the place of a fifteenth: equal distances (more than the largest limit, so the
    // database's nearest-first walk stops amid a tie), ordered newest first on both paths.
    const { rows: crowd } = await db.execute<{ id: number }>(
      sql`select j.id from jobs j where j.state = 'published' and exists (select 1 from job_locations l where l.job_id = j.id) order by j.id limit 15`,
    );
    const [origin] = await db
      .select()
      .from(jobLocations)
      .where(eq(jobLocations.jobId, crowd[0]!.id))
      .orderBy(jobLocations.weight, jobLocations.id)
      .limit(1);
    await db
      .update(jobLocations)
      .set({ latitude: origin!.latitude, longitude: origin!.longitude })
      .where(
        inArray(
          jobLocations.jobId,
          crowd.slice(1).map((job) => job.id),
        ),
      );
    // An expired job and an archived one: never similar, and the archived one's list comes from the database.
    await db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, crowd[1]!.id));
    const { rows: all } = await db.execute<{ id: number; frontend: string; state: string }>(
      sql`select id, frontend, state from jobs order by id`,
    );
    const archived = all.find((job) => job.state === 'archived');
    const sample = all.filter((job, position) => position % 3 === 0 || crowd.some((c) => c.id === job.id));
    expect(sample.length).toBeGreaterThan(50);
    let compared = 0;
    for (const job of [...sample, ...(archived ? [archived] : [])]) {
      for (const brandId of ['tagblatt', 'suedjobs']) {
        for (const limit of [1, 4, 10]) {
          const input = { jobId: job.id, limit };
          const fromDatabase = await listSimilarJobs({ db, brandId, input, engine: 'database' });
          const fromIndex = await listSimilarJobs({ db, brandId, input, engine: 'index' });
          expect(
            fromIndex.map((row) => row.id),
            `job ${job.id}, brand ${brandId}, limit ${limit}`,
          ).toEqual(fromDatabase.map((row) => row.id));
          expect(fromIndex).toEqual(fromDatabase);
          compared += fromDatabase.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  }, 120_000);

  it('keeps the walk table equal to the places and fields of the published jobs through every kind of write', async () => {
    const db = backend.handle.db;
    const fromSources = sql`select j.id as job_id, f.term_id, j.frontend, j.published_at, j.expires_at, l.latitude, l.longitude
      from jobs j join job_occupational_fields f on f.job_id = j.id join job_locations l on l.job_id = j.id
      where j.state = 'published'`;
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      (await db.execute<Record<string, unknown>>(query)).rows
        .map((row) =>
          JSON.stringify([
            row.job_id,
            row.term_id,
            row.frontend,
            String(row.published_at),
            String(row.expires_at),
            row.latitude,
            row.longitude,
          ]),
        )
        .sort();
    const walkTable = sql`select job_id, term_id, frontend, published_at, expires_at, latitude, longitude from job_similar_places`;
    expect((await rowsOf(walkTable)).length).toBeGreaterThan(100);
    expect(await rowsOf(walkTable)).toEqual(await rowsOf(fromSources));

    const { rows } = await db.execute<{ id: number }>(
      sql`select id from jobs where state = 'published' and exists (select 1 from job_locations l where l.job_id = jobs.id) order by id desc limit 5`,
    );
    const [moved, refiled, withdrawn, extended, deleted] = rows.map((row) => row.id);
    await db.update(jobLocations).set({ latitude: 48.5, longitude: 9.2 }).where(eq(jobLocations.jobId, moved!));
    const { rows: terms } = await db.execute<{ id: number }>(
      sql`select id from taxonomy_terms where id not in (select term_id from job_occupational_fields where job_id = ${refiled}) and id in (select term_id from job_occupational_fields) limit 1`,
    );
    await db.execute(sql`delete from job_occupational_fields where job_id = ${refiled}`);
    await db.execute(sql`insert into job_occupational_fields (job_id, term_id) values (${refiled}, ${terms[0]!.id})`);
    await db.update(jobs).set({ state: 'archived' }).where(eq(jobs.id, withdrawn!));
    await db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() + 90 * 86_400_000), publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, extended!));
    await db.delete(jobs).where(eq(jobs.id, deleted!));
    // A job published again (after the archive above) comes back with its places.
    await db.update(jobs).set({ state: 'published' }).where(eq(jobs.id, withdrawn!));
    await db.update(jobs).set({ state: 'archived' }).where(eq(jobs.id, withdrawn!));

    expect(await rowsOf(walkTable)).toEqual(await rowsOf(fromSources));
    const { rows: left } = await db.execute<{ job_id: number }>(
      sql`select distinct job_id from job_similar_places where job_id in (${withdrawn}, ${deleted})`,
    );
    expect(left).toEqual([]);
  });
});
