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
// Migrate once here, so the cluster workers never race each other over the schema.
const { parseConfig } = await import('../src/server/config.ts');
const { prepareDatabase } = await import('../src/server/db/prepare-database.ts');
await prepareDatabase(parseConfig(process.env));

const result = spawnSync('pm2', ['start', 'ecosystem.config.cjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
