import { resolve } from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

/**
 * The generated SQL in ./drizzle, relative to the working directory like ./data/pglite: in the built
 * server this module lives in a bundle chunk, so a path relative to the file would point elsewhere.
 */
const defaultMigrationsFolder = resolve('drizzle');

/** Applies the pending migrations; the same SQL files on PGlite and PostgreSQL. */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder,
): Promise<void> {
  switch (handle.dialect) {
    case 'pglite':
      await migratePglite(handle.driver, { migrationsFolder });
      return;
    case 'postgres':
      await migrateNodePg(handle.driver, { migrationsFolder });
      return;
  }
}
