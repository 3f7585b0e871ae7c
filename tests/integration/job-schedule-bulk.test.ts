/**
 * The recurring task after a long stop or a large import: more jobs due at once than the PostgreSQL
 * protocol's 65,535 parameters of one statement (a list of ids as parameters failed there, and the task then
 * failed at every run, so nothing expired any more). On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { applyJobSchedule } from '../../src/server/modules/jobs/apply-job-schedule';
import { createJob, createOrganization } from '../support/factories';

const dueJobs = 66_000;

describe.each(testDialects)(
  'applyJobSchedule with more due jobs than one statement has parameters, on %s',
  (dialect) => {
    let database: TestDatabase;
    const db = () => database.handle.db;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const organization = await createOrganization(db());
      const template = await createJob(db(), { organization, title: 'Fährmann (m/w/d)' });
      // Copies of one job, expired an hour ago; every column but the id and the generated ones.
      const { rows } = await db().execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_name = 'jobs' and table_schema = current_schema() and column_name <> 'id'
        and is_generated = 'NEVER' order by ordinal_position`);
      const columns = sql.raw(rows.map(({ column_name }) => `"${column_name}"`).join(', '));
      await db().execute(
        sql`insert into jobs (${columns}) select ${columns} from jobs, generate_series(1, ${dueJobs - 1}) where id = ${template.id}`,
      );
      await db().execute(
        sql`update jobs set state = 'published', published_at = now() - interval '31 days', expires_at = now() - interval '1 hour'`,
      );
    }, 120_000);

    afterAll(async () => {
      await database?.dispose();
    });

    it('archives every due job in one run with one history row each', async () => {
      const applied = await applyJobSchedule(db());
      expect(applied.archived).toHaveLength(dueJobs);
      const { rows } = await db().execute<{ published: string; history: string }>(sql`
      select (select count(*) from jobs where state = 'published')::text as published,
             (select count(*) from job_state_changes where from_state = 'published' and to_state = 'archived')::text as history`);
      expect(rows[0]).toEqual({ published: '0', history: String(dueJobs) });
      expect(await applyJobSchedule(db())).toEqual({ archived: [], published: [] });
    }, 120_000);
  },
);
