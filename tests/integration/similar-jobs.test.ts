import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, getSimilarJobs } from '../../src/lib/operations/content';
import { testDialects } from '../../src/server/db/testing';
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
});
