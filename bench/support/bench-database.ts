/**
 * The benchmark databases, shared by bench/graphql and bench/search: data/bench/pglite-<jobs> and the
 * PostgreSQL database jobboard_bench_<jobs>, created when missing (seeding is the caller's).
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { postgresAdminUrl } from '../../src/server/db/testing';

export async function openBenchDatabase(dialect: 'pglite' | 'postgres', jobCount: number): Promise<DatabaseHandle> {
  if (dialect === 'pglite') {
    mkdirSync('data/bench', { recursive: true });
    return openDatabase({ pgliteDir: `data/bench/pglite-${jobCount}` });
  }
  const name = `jobboard_bench_${jobCount}`;
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
