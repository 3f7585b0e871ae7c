import { getConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

export type { Database, DatabaseHandle } from './client.ts';

let opening: Promise<DatabaseHandle> | undefined;

/**
 * The process's database, opened on first use. Migrations and demo data were applied by
 * scripts/serve.mjs before the server started (see src/server/startup/prepare-database.ts).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!opening) {
    const config = getConfig();
    opening = openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  }
  return opening;
}
