// PM2: two cluster workers of the built server on port 3002, restarted above 512 MB, serving SITE_URL, with
// the server's Node options and environment (a bounded V8 heap, two malloc arenas:
// scripts/server-node-options.cjs).
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

module.exports = {
  apps: [
    {
      name: 'jobboard',
      script: './scripts/serve.mjs',
      exec_mode: 'cluster',
      instances: 2,
      max_memory_restart: '512M',
      node_args: require('./scripts/server-node-options.cjs').nodeOptions,
      env: {
        ...require('./scripts/server-node-options.cjs').environment,
        NODE_ENV: 'production',
        PORT: process.env.PORT ?? '3002',
      },
    },
  ],
};
