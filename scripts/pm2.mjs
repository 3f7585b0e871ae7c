// `npm run pm2:start`: checks that a shared database is configured, then hands over to PM2. Run through
// npm, the PM2 daemon and so every cluster worker uses the project's Node 24.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.error(
    'Refusing to start PM2 without DATABASE_URL: the embedded PGlite database is single-process and cannot be ' +
      'shared by cluster workers. Set DATABASE_URL=postgres://… or run one process with `npm start`.',
  );
  process.exit(1);
}
// The workers would each stop on a wrong setting (SITE_URL is required with DATABASE_URL): say it once here.
const { readConfigOrExit } = await import('./read-config.mjs');
const config = readConfigOrExit();
// Migrate once here, so the cluster workers never race each other over the schema.
const { prepareDatabase } = await import('../src/server/startup/prepare-database.ts');
await prepareDatabase(config);

const result = spawnSync('pm2', ['start', 'ecosystem.config.cjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
