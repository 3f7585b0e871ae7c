import type { AppConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/**
 * Runs before the server starts (scripts/serve.mjs, under plain Node): applies pending migrations and,
 * for the embedded database, makes sure the demo data is there. The handle is closed again because PGlite
 * allows one opener at a time and the server opens its own.
 */
export async function prepareDatabase(config: AppConfig, log: (message: string) => void = console.log): Promise<void> {
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await migrateDatabase(handle);
    log(`Database ready (${handle.dialect}, ${Date.now() - started} ms)`);
  } finally {
    await handle.close();
  }
}
