import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** Administrative connection used to create and drop throw-away databases (trust auth in CI). */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDialect = 'pglite' | 'postgres';
export const testDialects: readonly TestDialect[] = ['pglite', 'postgres'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection URL of the throw-away PostgreSQL database (undefined for PGlite). */
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

async function withAdmin(statement: string): Promise<void> {
  const admin = await openDatabase({ databaseUrl: postgresAdminUrl });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/** A fresh, migrated database of the given dialect: PGlite in memory or a throw-away PostgreSQL database. */
export async function createTestDatabase(
  dialect: TestDialect,
  options: { onQuery?: (sql: string) => void } = {},
): Promise<TestDatabase> {
  if (dialect === 'pglite') {
    const handle = await openDatabase({ pgliteDir: 'memory://', onQuery: options.onQuery });
    await migrateDatabase(handle);
    return { handle, databaseUrl: undefined, dispose: () => handle.close() };
  }
  const name = `jobboard_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.href, onQuery: options.onQuery });
  await migrateDatabase(handle);
  return {
    handle,
    databaseUrl: url.href,
    dispose: async () => {
      await handle.close();
      await withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
