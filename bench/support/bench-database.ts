/**
 * The benchmark databases, shared by bench/graphql and bench/search: data/bench/pglite-<jobs> and the
 * PostgreSQL database jobboard_bench_<jobs>, created when missing (seeding is the caller's).
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { isSeeded, seedDatabase } from '../../src/server/seed/seed-database';
import { postgresAdminUrl } from '../../src/server/db/testing';

export async function openBenchDatabase(
  dialect: 'pglite' | 'postgres',
  jobCount: number,
  /** The PostgreSQL database (a benchmark that writes uses one of its own). */
  name = `jobboard_bench_${jobCount}`,
): Promise<DatabaseHandle> {
  if (dialect === 'pglite') {
    mkdirSync('data/bench', { recursive: true });
    return openDatabase({ pgliteDir: `data/bench/pglite-${jobCount}` });
  }
  const admin = await openDatabase({ databaseUrl: postgresAdminUrl });
  const exists = await admin.db.execute<{ exists: boolean }>(
    sql`select exists(select 1 from pg_database where datname = ${name}) as exists`,
  );
  if (!exists.rows[0]?.exists) await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  await admin.close();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.href });
}

/**
 * Migrated and seeded (when empty) as bench/graphql/run.ts seeds it; ANALYZE (and VACUUM, for the visibility
 * map index-only scans need) where a searched table has no statistics yet.
 */
export async function prepareBenchDatabase(handle: DatabaseHandle, jobCount: number): Promise<void> {
  await migrateDatabase(handle);
  if (!(await isSeeded(handle.db))) {
    const started = Date.now();
    await seedDatabase(handle.db, {
      jobs: jobCount,
      organizations: Math.max(300, Math.round(jobCount / 100)),
      seed: 42,
      truncate: true,
    });
    process.stderr.write(`  seeded ${jobCount} jobs in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
  const searched = [
    'jobs',
    'job_locations',
    'job_employment_types',
    'job_occupational_fields',
    'organization_industries',
  ];
  const missing = await handle.db.execute<{ relname: string }>(sql`
    select c.relname from pg_class c
    where c.relname in (${sql.join(
      searched.map((name) => sql`${name}`),
      sql`, `,
    )}) and c.relkind = 'r'
      and not exists (select 1 from pg_stats s where s.tablename = c.relname)`);
  for (const { relname } of missing.rows) {
    const started = Date.now();
    await handle.db.execute(sql.raw(`vacuum analyze ${relname}`));
    process.stderr.write(`  ${handle.dialect}: vacuum analyze ${relname} (${Date.now() - started} ms)\n`);
  }
}
