import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../db/testing.ts';
import { seedDatabase } from '../../seed/seed-database.ts';
import { JobViewCounter, viewWindowMs } from './job-views.ts';

async function viewsOf(db: Database, jobId: number): Promise<number> {
  const result = await db.execute<{ views: number }>(sql`select views from job_view_counts where job_id = ${jobId}`);
  return Number(result.rows[0]?.views ?? 0);
}

async function jobOf(db: Database, frontend: string): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`select id from jobs where frontend = ${frontend} limit 1`);
  return Number(result.rows[0]!.id);
}

describe.each(testDialects)('job page views on %s', (dialect) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.handle.db;
    await seedDatabase(db, { organizations: 12, jobs: 60, seed: 7, referenceDate: new Date('2026-03-01T10:00:00Z') });
  }, 120_000);

  afterAll(() => database.dispose());

  it('counts a client once per job per half hour and adds the counts up in the database', async () => {
    const counter = new JobViewCounter(db);
    const job = await jobOf(db, 'tagblatt');
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(counter.count('tagblatt', job, '203.0.113.7', now)).toBe(true);
    expect(counter.count('tagblatt', job, '203.0.113.7', now + 60_000)).toBe(false);
    expect(counter.count('tagblatt', job, '203.0.113.8', now + 60_000)).toBe(true);
    await counter.flush();
    expect(await viewsOf(db, job)).toBe(2);

    expect(counter.count('tagblatt', job, '203.0.113.7', now + viewWindowMs + 1)).toBe(true);
    await counter.flush();
    expect(await viewsOf(db, job)).toBe(3);
  });

  it("counts nothing for another brand's job or an id that is no job", async () => {
    const counter = new JobViewCounter(db);
    const other = await jobOf(db, 'suedjobs');
    counter.count('tagblatt', other, '198.51.100.1');
    counter.count('tagblatt', 999_999_999, '198.51.100.1');
    await counter.flush();
    expect(await viewsOf(db, other)).toBe(0);
    expect(await viewsOf(db, 999_999_999)).toBe(0);
  });

  it('writes the pending counts by itself after a few seconds', async () => {
    const counter = new JobViewCounter(db);
    const job = await jobOf(db, 'jobregio');
    counter.count('jobregio', job, '192.0.2.1');
    await expect.poll(() => viewsOf(db, job), { timeout: 10_000, interval: 250 }).toBe(1);
  });
});
