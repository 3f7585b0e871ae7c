import { getConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

export type { Database, DatabaseHandle } from './client.ts';

/**
 * Kept on globalThis under a registered symbol: the built server (its bundle) and the modules
 * scripts/serve.mjs loads beside it from src/ (the job runner) are two copies of this module, and PGlite
 * allows one opener of a data directory per process. Both get the one handle.
 */
const openingKey = Symbol.for('jobboard.database');
const shared = globalThis as { [openingKey]?: Promise<DatabaseHandle> };

/**
 * The process's database, opened on first use. Migrations and demo data were applied by
 * scripts/serve.mjs before the server started (see src/server/startup/prepare-database.ts).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!shared[openingKey]) {
    const config = getConfig();
    shared[openingKey] = openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  }
  return shared[openingKey];
}
