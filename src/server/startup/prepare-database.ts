import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { log as logger } from '../log.ts';
import { ensureDemoData } from '../seed/seed-database.ts';

/**
 * Start-up, before the server starts (scripts/serve.mjs in a child process, see prepare-in-child.ts, and
 * scripts/pm2.mjs, under plain Node): applies pending migrations (src/server/db) and, for the embedded
 * database, makes sure the demo data is there (src/server/seed). Neither layer imports the other; this folder runs them in order. The handle is closed
 * again because PGlite allows one opener at a time and the server opens its own. `beforeStatement` runs
 * before every statement.
 */
export async function prepareDatabase(
  config: AppConfig,
  log: (message: string) => void = (message) => logger('startup').info(message),
  { beforeStatement }: { beforeStatement?: () => void } = {},
): Promise<void> {
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    onQuery: beforeStatement,
  });
  try {
    await migrateDatabase(handle);
    // Only the embedded database gets demo data: a PostgreSQL database is production's (see `npm run seed`).
    if (config.DATABASE_URL === undefined && config.DEMO_DATA === 'on') {
      let reported = 0;
      const summary = await ensureDemoData(handle.db, {
        jobs: config.DEMO_JOBS,
        organizations: config.DEMO_ORGANIZATIONS,
        seed: 42,
        imageDirectory: resolve(config.UPLOAD_DIR),
        onProgress: (done, total, phase) => {
          if (phase !== 'jobs') return;
          const percent = Math.floor((done / total) * 100);
          if (percent >= reported + 20 || done === total) {
            reported = percent;
            log(`Creating demo data: ${percent} %`);
          }
        },
      });
      if (summary) {
        // Fresh tables have no statistics (PGlite never runs autovacuum): plan the search queries with real ones.
        await handle.db.execute(sql`analyze`);
        log(`Demo data created: ${config.DEMO_JOBS} jobs, ${config.DEMO_ORGANIZATIONS} organizations`);
      }
    }
    log(`Database ready (${handle.dialect}, ${Date.now() - started} ms)`);
  } finally {
    await handle.close();
  }
}
