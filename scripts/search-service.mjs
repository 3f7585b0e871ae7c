// The machine's job search service (decision 0031, src/server/search/job-search-service.ts): one copy of the
// job index for all web workers of this machine, answered over SEARCH_SERVICE_SOCKET. PM2 starts it beside
// the workers (ecosystem.config.cjs); it needs DATABASE_URL (PostgreSQL) and the workers' socket path.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old: start the search service through npm or PM2 (Node 24).`);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';

const { readConfigOrExit } = await import('./read-config.mjs');
const config = readConfigOrExit();
if (!config.DATABASE_URL || !config.SEARCH_SERVICE_SOCKET) {
  console.error('The search service needs DATABASE_URL (PostgreSQL) and SEARCH_SERVICE_SOCKET (the socket path).');
  process.exit(1);
}
const { openDatabase } = await import('../src/server/db/client.ts');
const { startJobSearchService } = await import('../src/server/search/job-search-service.ts');
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL });
const service = await startJobSearchService({
  db: handle.db,
  socketPath: config.SEARCH_SERVICE_SOCKET,
  maxJobs: config.SEARCH_SERVICE_MAX_JOBS,
  similarMaxJobs: config.SEARCH_INDEX_MAX_JOBS,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await service.close();
    await handle.close();
    process.exit(0);
  });
}
