// The site at scale on PostgreSQL: two server processes (as PM2's two cluster workers) on one bench
// database, loaded with 10 connections in all (split between them), measuring the job search pages, a
// keyword, facet and radius search and the job page over 50 different jobs, with each worker's resident
// size (RSS) and the load average. See docs/scaling.md for the figures at 100,000 and 1,000,000 jobs.
//
// Usage: npx node bench/scale/run.mjs --database jobboard_scale_1000000 [--workers 2] [--connections 10]
//        [--duration 10] [--settle 0] [--index-max-jobs <SEARCH_INDEX_MAX_JOBS>]
// The database must be seeded (`npm run seed`, bench/scale/multiply.mjs for a million) and the site built
// (`npm run build`). --settle waits that many seconds after the first search, so that each worker's
// in-memory job index is built when the board is within SEARCH_INDEX_MAX_JOBS (about 15–40 s at 100,000
// jobs); above it the SQL search answers from the start. It measures; it never fails on time.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from '../support/server.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    database: { type: 'string' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    workers: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    settle: { type: 'string', default: '0' },
    'index-max-jobs': { type: 'string' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
  },
});
if (!values.database || !/^[a-z0-9_]+$/.test(values.database)) {
  console.error('Usage: npx node bench/scale/run.mjs --database <seeded PostgreSQL database> [--workers 2]');
  process.exit(2);
}
const workerCount = Number(values.workers);
const connections = Number(values.connections);
const duration = Number(values.duration);
const MB = 1024 * 1024;
const databaseUrl = new URL(values.server);
databaseUrl.pathname = `/${values.database}`;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

// What the requests need from the database: the size, facet values and a busy place.
const client = new pg.Client({ connectionString: databaseUrl.href });
await client.connect();
const { rows: sizes } = await client.query(`select
    (select count(*) from jobs)::int as jobs,
    (select count(*) from jobs where state = 'published')::int as published`);
const { rows: terms } = await client.query(`select vocabulary, id from taxonomy_terms
    where vocabulary in ('employment_type', 'remote_option') order by id`);
const { rows: places } = await client.query(`select l.locality as label, avg(l.latitude)::float8 as lat,
    avg(l.longitude)::float8 as lon
    from job_locations l join jobs j on j.id = l.job_id
    where j.frontend = 'tagblatt' and j.state = 'published' and l.locality is not null
    group by l.locality order by count(*) desc limit 1`);
await client.end();
const employment = terms.filter((term) => term.vocabulary === 'employment_type').map((term) => term.id);
const remote = terms.filter((term) => term.vocabulary === 'remote_option').map((term) => term.id);
const place = places[0];
// In the order of the site's canonical search URLs (src/lib/search/search-url.ts), which it would redirect to.
const near = new URLSearchParams({
  location: place.label,
  lat: String(Number(place.lat.toFixed(5))),
  lon: String(Number(place.lon.toFixed(5))),
  radius: '50',
}).toString();

const env = {
  DATABASE_URL: databaseUrl.href,
  SITE_URL: 'http://127.0.0.1',
  AUTH_SECRET: randomBytes(32).toString('base64'),
  FRONTEND: 'tagblatt',
  LOG_LEVEL: 'warn',
  ...(values['index-max-jobs'] === undefined ? {} : { SEARCH_INDEX_MAX_JOBS: values['index-max-jobs'] }),
};
const workers = [];
for (let index = 0; index < workerCount; index++) workers.push(await startBuiltServer(env));
const rss = () => workers.map((worker) => worker.residentBytes());
const peaks = rss();
const sample = () => rss().forEach((bytes, index) => (peaks[index] = Math.max(peaks[index], bytes)));
const sampler = setInterval(sample, 250);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The paths in turn, `connections` split between the workers; latencies of all of them together. */
async function measure(name, paths) {
  const requests = paths.map((path) => ({
    method: 'GET',
    path,
    headers: { 'accept-encoding': values['accept-encoding'] },
  }));
  const share = (index) => Math.floor(connections / workerCount) + (index < connections % workerCount ? 1 : 0);
  const run = (seconds, latencies) =>
    Promise.all(
      workers.map((worker, index) => {
        const instance = autocannon({
          url: worker.origin,
          connections: share(index),
          duration: seconds,
          timeout: 30,
          requests,
        });
        if (latencies) instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
        return instance;
      }),
    );
  await run(2); // warm-up: JIT, the database's buffers, the route caches
  const latencies = [];
  const results = await run(duration, latencies);
  latencies.sort((a, b) => a - b);
  return {
    name,
    path: paths.length > 1 ? `${paths[0]} (+${paths.length - 1})` : paths[0],
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
    rss: rss(),
    load: loadavg()[0],
  };
}

try {
  const started = rss();
  const loadBefore = load();
  // The first search starts each worker's index build (when the board is within SEARCH_INDEX_MAX_JOBS).
  if (Number(values.settle) > 0) {
    await Promise.all(workers.map((worker) => fetch(`${worker.origin}/jobs?search=Pflege`).then((r) => r.text())));
    await new Promise((resolve) => setTimeout(resolve, Number(values.settle) * 1000));
  }
  const jobPaths = await workers[0].jobPaths(50);
  const rows = [
    await measure('job page', jobPaths),
    await measure('job search', ['/jobs']),
    await measure('keyword', ['/jobs?search=Pflege']),
    await measure('two facets', [`/jobs?remoteOptions=${remote[0]}&employmentType=${employment[0]}`]),
    await measure('radius 50 km', [`/jobs?${near}`]),
    await measure('keyword + radius', [`/jobs?search=Pflege&${near}`]),
  ];
  sample();
  console.log(
    `\nScale benchmark: ${values.database} (${sizes[0].jobs} jobs, ${sizes[0].published} published), ` +
      `${workerCount} workers, ${connections} connections in all, ${duration} s per row, ` +
      `SEARCH_INDEX_MAX_JOBS ${values['index-max-jobs'] ?? 'default'}, Node ${process.versions.node}; ` +
      `load average ${loadBefore} before, ${load()} after\n`,
  );
  console.log(
    'row               path                                        req/s   p50 ms   p95 ms   p99 ms  errors  load   RSS MB per worker',
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(18)}${row.path.slice(0, 42).padEnd(42)}${row.requestsPerSecond.toFixed(0).padStart(8)}` +
        `${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}` +
        `${String(row.errors).padStart(8)}${row.load.toFixed(1).padStart(6)}   ${row.rss.map((bytes) => (bytes / MB).toFixed(0)).join(' / ')}`,
    );
  }
  console.log(
    `\nWorker RSS (MB): ${started.map((bytes) => (bytes / MB).toFixed(0)).join(' / ')} after start-up, ` +
      `peak ${peaks.map((bytes) => (bytes / MB).toFixed(0)).join(' / ')}, ` +
      `${rss()
        .map((bytes) => (bytes / MB).toFixed(0))
        .join(' / ')} at the end`,
  );
} finally {
  clearInterval(sampler);
  for (const worker of workers) await worker.stop();
}
