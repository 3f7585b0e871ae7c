// PM2: two cluster workers of the built server on port 3002 (JOBBOARD_WORKERS), restarted above 512 MB,
// serving SITE_URL, with the server's Node options and environment (a bounded V8 heap, two malloc arenas:
// scripts/server-node-options.cjs); beside them the machine's search process (decision 0031), which holds
// the one copy of the job index the workers ask over SEARCH_SERVICE_SOCKET, restarted above 1 GB.
// Start it with `npm run pm2:start` so the PM2 daemon, and with it every worker, runs on the project's
// Node 24 (cluster workers ignore `interpreter` and use the daemon's Node).
if (!process.env.DATABASE_URL) {
  throw new Error(
    'PM2 needs DATABASE_URL (PostgreSQL): the embedded PGlite database is single-process and cannot be ' +
      'shared by cluster workers. Set DATABASE_URL=postgres://… or use `npm start` for one process.',
  );
}
if (!process.env.SITE_URL) {
  throw new Error(
    'PM2 needs SITE_URL, the public origin of the site (e.g. https://jobs.example.de): links in mails, the ' +
      'allowed Host and Secure cookies follow it, never the request.',
  );
}

const { tmpdir } = require('node:os');
const { join } = require('node:path');
const options = require('./scripts/server-node-options.cjs');

const port = process.env.PORT ?? '3002';
// One socket per site on the machine (its port tells them apart), unless named.
const searchServiceSocket = process.env.SEARCH_SERVICE_SOCKET || join(tmpdir(), `jobboard-search-${port}.sock`);

module.exports = {
  apps: [
    {
      name: 'jobboard',
      script: './scripts/serve.mjs',
      exec_mode: 'cluster',
      instances: Number(process.env.JOBBOARD_WORKERS ?? 2),
      max_memory_restart: '512M',
      node_args: options.nodeOptions,
      env: {
        ...options.environment,
        NODE_ENV: 'production',
        PORT: port,
        SEARCH_SERVICE_SOCKET: searchServiceSocket,
      },
    },
    {
      name: 'jobboard-search',
      script: './scripts/search-service.mjs',
      exec_mode: 'fork',
      instances: 1,
      max_memory_restart: '1G',
      node_args: options.searchServiceNodeOptions,
      env: {
        ...options.environment,
        NODE_ENV: 'production',
        SEARCH_SERVICE_SOCKET: searchServiceSocket,
      },
    },
  ],
};
