// HTTP benchmark of the built site on its own embedded database with the full demo data (5,000 jobs, as
// `npm start`): the job page over 50 different jobs, the job search, a keyword search, searches no cache has
// seen (a keyword and a minimum salary, each URL once), the home page and a static asset in the same run, so
// the figures can be compared on any machine. Prints requests/s, p50/p95/p99 latency, bytes per response,
// their ratio to the static asset, the server's resident size (RSS) and its CPU time per request (with the
// PostgreSQL backends' on PostgreSQL; and the search process's RSS, decision 0031): on a machine shared with
// other work, requests/s and latencies move with the load, CPU time per request much less.
//
// Usage: npm run bench:http [-- --duration 10 --connections 10 --frontend tagblatt --accept-encoding "br, gzip"]
// --accept-encoding is sent with every request (a browser sends "gzip, deflate, br, zstd"; "identity" for
// uncompressed responses).
//
// --soak <seconds>: after the rows, a mixed load (job pages, /jobs, keyword searches, home, the static asset)
// at --rate requests/s (default 70 % of the mix's peak, measured just before) for that long, printing the
// resident size (and V8 heap) every 30 s, the errors, and whether the resident size stayed within ±10 % after
// the warm-up (the first fifth, at most 2 minutes).
//
// --database postgres [--workers 2]: the production set-up instead, PM2 cluster workers (`npm run pm2:start`)
// on a PostgreSQL database of the benchmark's own (TEST_POSTGRES_URL's server, default the local one; named
// --database-name, default jobboard_bench_http_<total jobs>), seeded with `npm run seed -- --jobs <total jobs>`
// when it is new; RSS per worker. --total-jobs sets the demo corpus on either database (default 5,000).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { connectInspector } from '../support/inspector.mjs';
import { backendPidsOf, cpuMillisecondsOf, startPm2Cluster } from '../support/pm2-cluster.mjs';
import { freePort, jobPathsAt, startBuiltServer } from '../support/server.mjs';
import { residentByKind } from '../support/smaps.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    frontend: { type: 'string', default: 'tagblatt' },
    jobs: { type: 'string', default: '50' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
    soak: { type: 'string' },
    rate: { type: 'string' },
    database: { type: 'string', default: 'pglite' },
    workers: { type: 'string', default: '2' },
    'total-jobs': { type: 'string', default: '5000' },
    'database-name': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const acceptEncoding = values['accept-encoding'];
const soakSeconds = values.soak === undefined ? 0 : Number(values.soak);
const totalJobs = Number(values['total-jobs']);
const workers = Number(values.workers);
const MB = 1024 * 1024;
if (!['pglite', 'postgres'].includes(values.database)) {
  console.error(`--database expects pglite or postgres, got "${values.database}"`);
  process.exit(2);
}
const onPostgres = values.database === 'postgres';

/**
 * The site under test: its origin, the resident size of each of its processes, their V8 heaps (used and
 * total, MB; null where unknown) and a label for the output.
 */
async function startTarget() {
  const env = { FRONTEND: values.frontend, DEMO_JOBS: String(totalJobs) };
  if (onPostgres) {
    const databaseUrl = await benchPostgresDatabase(values['database-name'] ?? `jobboard_bench_http_${totalJobs}`);
    const cluster = await startPm2Cluster({ databaseUrl, workers, env });
    const databaseName = new URL(databaseUrl).pathname.slice(1);
    return {
      cpuMilliseconds: () => cluster.cpuMilliseconds(),
      // The backends come and go with the pools' connections: read per backend, so that the difference counts
      // those that lived through the row and those that began in it (not those that ended in it).
      databaseCpuMilliseconds: () => new Map(backendPidsOf(databaseName).map((pid) => [pid, cpuMillisecondsOf(pid)])),
      origin: cluster.origin,
      label: `PostgreSQL (${totalJobs} jobs), PM2 × ${workers} workers`,
      residentBytes: cluster.residentBytesPerWorker,
      searchResidentBytes: cluster.searchResidentBytes,
      searchCpuMilliseconds: cluster.searchCpuMilliseconds,
      heaps: async () => cluster.list().map((worker) => [worker.heapUsedMegabytes, worker.heapTotalMegabytes]),
      restarts: () => cluster.list().reduce((sum, worker) => sum + worker.restarts, 0),
      stop: async () => cluster.stop(),
    };
  }
  // The inspector only answers the heap figures of the soak; nothing is profiled.
  const inspectorPort = soakSeconds > 0 ? await freePort() : null;
  const server = await startBuiltServer(env, {
    nodeArgs: inspectorPort ? [`--inspect=127.0.0.1:${inspectorPort}`] : [],
  });
  const inspector = inspectorPort ? await connectInspector(inspectorPort) : null;
  return {
    origin: server.origin,
    label: totalJobs === 5000 ? 'PGlite' : `PGlite (${totalJobs} jobs)`,
    cpuMilliseconds: () => server.cpuMilliseconds(),
    databaseCpuMilliseconds: null,
    residentBytes: () => [server.residentBytes()],
    heaps: async () => {
      if (!inspector) return [[null, null]];
      const { heapUsed, heapTotal } = await inspector.evaluate('process.memoryUsage()');
      // PGlite's WebAssembly memory (reserved, not all resident) grows in steps and never shrinks.
      const wasm = (await inspector.wasmMemoryBytes()).reduce((sum, bytes) => sum + bytes, 0);
      return [[heapUsed / MB, heapTotal / MB, wasm / MB]];
    },
    restarts: () => 0,
    // Where the resident memory lies (smaps) and V8's heap by space, printed after the soak.
    memoryBreakdown: async () => {
      const spaces = inspector
        ? await inspector.evaluate(
            "JSON.stringify(process.getBuiltinModule('v8').getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]))",
          )
        : '[]';
      return [
        ...Object.entries(residentByKind(server.pid)),
        ...JSON.parse(spaces).map(([name, bytes]) => [`  V8 ${name} (physical)`, bytes]),
      ];
    },
    stop: async () => {
      inspector?.close();
      await server.stop();
    },
  };
}

/** A PostgreSQL database of the benchmark's own, created and seeded (`npm run seed`) when it is new. */
async function benchPostgresDatabase(name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database-name: not a plain identifier: ${name}`);
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Prints that the data is there already when it is; seeds otherwise (100,000 jobs take several minutes).
  const seeded = spawnSync('npm', ['run', 'seed', '--', '--jobs', String(totalJobs)], {
    env: { ...process.env, DATABASE_URL: url.href },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error(`seeding ${name} failed`);
  return url.href;
}

const target = await startTarget();
const { origin } = target;

/** NaN when nothing answered (a server too busy to answer within the run). */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const totalOf = (bytes) => bytes.reduce((sum, value) => sum + value, 0);
/** "312" for one process, "301+298" for the workers of a cluster. */
const megabytesOf = (bytes) => bytes.map((value) => (value / MB).toFixed(0)).join('+');

let peakRss = target.residentBytes();
const samplePeak = () => {
  const now = target.residentBytes();
  if (totalOf(now) > totalOf(peakRss)) peakRss = now;
};
const requestsOf = (paths) =>
  paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': acceptEncoding } }));

/** `warmUpPaths`: other paths for the warm-up (a row of searches no cache may have seen). */
async function measure(name, paths, warmUpPaths = paths) {
  const requests = requestsOf(paths);
  const sampler = setInterval(samplePeak, 500);
  try {
    // Warm-up so JIT and caches settle before the measured run.
    await autocannon({ url: origin, connections, duration: 2, requests: requestsOf(warmUpPaths) });
    const latencies = [];
    const cpuBefore = target.cpuMilliseconds();
    const databaseCpuBefore = target.databaseCpuMilliseconds?.();
    const searchCpuBefore = target.searchCpuMilliseconds?.();
    const instance = autocannon({ url: origin, connections, duration, requests });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const result = await instance;
    const cpuPerRequest = (target.cpuMilliseconds() - cpuBefore) / result.requests.total;
    const databaseCpuPerRequest =
      databaseCpuBefore === undefined
        ? null
        : [...target.databaseCpuMilliseconds()].reduce(
            (sum, [pid, milliseconds]) => sum + milliseconds - (databaseCpuBefore.get(pid) ?? 0),
            0,
          ) / result.requests.total;
    latencies.sort((a, b) => a - b);
    return {
      name,
      path: paths.length > 1 ? `${paths[0]} (+${paths.length - 1})` : paths[0],
      requestsPerSecond: result.requests.average,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors: result.errors + result.non2xx, // autocannon counts timeouts among the errors
      kilobytesPerRequest: result.throughput.average / result.requests.average / 1024,
      rss: target.residentBytes(),
      cpuPerRequest,
      searchCpuPerRequest:
        searchCpuBefore === undefined
          ? null
          : (target.searchCpuMilliseconds() - searchCpuBefore) / result.requests.total,
      databaseCpuPerRequest,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Keyword searches with a minimum salary, each URL once in a row's few thousand requests, so neither the
 * page cache nor a CDN has seen it: what a crawler walking the filters, or a visitor typing, costs.
 * `variant` 0 and 1 give disjoint lists (relevance and newest first).
 */
function newSearches(variant) {
  const words = ['Pflege', 'Lager', 'Vertrieb', 'Koch', 'Elektriker', 'Büro', 'Mitarbeiter', 'Kaufmann'];
  const words2 = ['Fahrer', 'Verkäufer', 'Erzieher', 'Mechatroniker', 'Buchhalter', 'Marketing', 'Java', 'Reinigung'];
  const paths = [];
  for (let salary = 20_000; salary < 80_000; salary += 100) {
    for (const word of [...words, ...words2]) {
      const sort = variant === 1 ? '&sort=publish_date_desc' : '';
      paths.push(`/jobs?search=${encodeURIComponent(word)}&minSalary=${salary}${sort}`);
    }
  }
  // Shuffled (the same way each run), so that consecutive requests differ in word and salary.
  let seed = 12;
  for (let at = paths.length - 1; at > 0; at--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const other = seed % (at + 1);
    [paths[at], paths[other]] = [paths[other], paths[at]];
  }
  return paths;
}

/** Job pages with the other pages between them: two job pages, then /jobs, a keyword search, home or the asset. */
function mixedPaths(jobPaths, asset) {
  const keywords = ['Pflege', 'Lager', 'Vertrieb', 'Koch', 'Elektriker', 'Büro'];
  const others = [];
  for (let index = 0; others.length < Math.ceil(jobPaths.length / 2); index++) {
    const keyword = keywords[index % keywords.length];
    others.push('/jobs', `/jobs?search=${encodeURIComponent(keyword)}`, '/', asset);
  }
  return jobPaths.flatMap((path, index) => (index % 2 === 1 ? [path, others[(index - 1) / 2]] : [path]));
}

/**
 * "3.7" (PGlite: the one process), "3.7+2.0+0.1" (the workers, + the PostgreSQL backends, + the search
 * process).
 */
const cpuOf = (row) =>
  row.databaseCpuPerRequest === null
    ? row.cpuPerRequest.toFixed(2)
    : `${row.cpuPerRequest.toFixed(2)}+${row.databaseCpuPerRequest.toFixed(2)}` +
      (row.searchCpuPerRequest === null ? '' : `+${row.searchCpuPerRequest.toFixed(2)}`);

const megabytes = (value) => (value === null ? '?' : value.toFixed(0));

async function soak(paths) {
  const requests = requestsOf(paths);
  await autocannon({ url: origin, connections, duration: 2, requests });
  const peak = (await autocannon({ url: origin, connections, duration: 10, requests })).requests.average;
  const rate = values.rate === undefined ? Math.max(1, Math.round(peak * 0.7)) : Number(values.rate);
  console.log(
    `\nSoak: ${soakSeconds} s of mixed load (${paths.length} paths: job pages, /jobs, keyword searches, home, ` +
      `static asset) at ${rate} req/s (${values.rate === undefined ? '70 % of ' : 'peak '}${peak.toFixed(0)} req/s ` +
      `measured just before), ${connections} connections\n`,
  );
  console.log('time      RSS MB          V8 used/total (WASM) MB   requests   errors   load (1 min)');
  let responses = 0;
  let failures = 0;
  const samples = [];
  const print = async (seconds) => {
    const rss = target.residentBytes();
    samples.push({ seconds, rss: totalOf(rss), each: rss });
    const heaps = (await target.heaps().catch(() => [[null, null]]))
      .map(([used, total, wasm]) => `${megabytes(used)}/${megabytes(total)}${wasm ? ` (${megabytes(wasm)})` : ''}`)
      .join(' ');
    console.log(
      `${`${seconds} s`.padEnd(10)}${megabytesOf(rss).padEnd(16)}${heaps.padEnd(26)}${String(responses).padStart(8)}` +
        `${String(failures).padStart(9)}   ${loadavg()[0].toFixed(1)}`,
    );
  };
  const instance = autocannon({ url: origin, connections, duration: soakSeconds, requests, overallRate: rate });
  instance.on('response', (_client, status) => {
    responses++;
    if (status < 200 || status >= 300) failures++;
  });
  instance.on('reqError', () => failures++);
  const started = Date.now();
  await print(0);
  const sampler = setInterval(() => void print(Math.round((Date.now() - started) / 1000)), 30_000);
  let result;
  try {
    result = await instance;
  } finally {
    clearInterval(sampler);
  }
  await print(Math.round((Date.now() - started) / 1000));
  const warmUp = Math.min(120, soakSeconds / 5);
  const steady = samples.filter((sample) => sample.seconds >= warmUp);
  const mean = totalOf(steady.map((sample) => sample.rss)) / steady.length;
  const low = Math.min(...steady.map((sample) => sample.rss));
  const high = Math.max(...steady.map((sample) => sample.rss));
  const spread = Math.max(high / mean - 1, 1 - low / mean) * 100;
  const errors = result.errors + result.non2xx;
  const restarts = target.restarts();
  console.log(
    `\nSoak result: ${result.requests.total} requests (${result.requests.average.toFixed(0)} req/s, p99 ` +
      `${result.latency.p99} ms), ${errors} errors (${result.timeouts} timeouts, ${result.non2xx} non-2xx, ` +
      `${result.errors - result.timeouts} other)${onPostgres ? `, ${restarts} worker restarts` : ''}; RSS after the ` +
      `${warmUp.toFixed(0)} s warm-up ${(low / MB).toFixed(0)}–${(high / MB).toFixed(0)} MB (mean ${(mean / MB).toFixed(0)}` +
      `${onPostgres ? ' for all workers' : ''}), within ${spread.toFixed(1)} % of the mean: ` +
      `${spread <= 10 ? 'flat (±10 %)' : 'NOT flat (beyond ±10 %)'}`,
  );
  if (target.memoryBreakdown) {
    console.log('Resident memory once the load stopped, by kind (smaps; V8 shrinks its heap right after):');
    for (const [kind, bytes] of await target.memoryBreakdown())
      console.log(`  ${megabytes(bytes / MB).padStart(6)} MB  ${kind}`);
  }
  if (onPostgres) {
    const highest = target.residentBytes().map((_, index) => Math.max(...steady.map((sample) => sample.each[index])));
    console.log(
      `Peak RSS per worker after the warm-up: ${highest.map((value) => (value / MB).toFixed(0)).join(', ')} MB`,
    );
  }
}

try {
  const startRss = target.residentBytes();
  const jobPaths = await jobPathsAt(origin, Number(values.jobs));
  // A hashed script of the build (an island of the job search), else the favicon.
  const searchHtml = await (await fetch(`${origin}/jobs`)).text();
  // Each process builds its job index on its first search: let every worker do so before measuring.
  for (let index = 0; index < 2 * target.residentBytes().length; index++) {
    await (await fetch(`${origin}/jobs?search=Pflege`)).text();
  }
  const asset = /"(\/_astro\/[^"]+\.js)"/.exec(searchHtml)?.[1] ?? '/favicon.svg';
  const loadBefore = loadavg()[0];
  const rows = [
    await measure('static asset', [asset]),
    await measure('home page', ['/']),
    await measure('job search', ['/jobs']),
    await measure('keyword search', ['/jobs?search=Pflege']),
    await measure('job page', jobPaths),
    await measure('new searches', newSearches(0), newSearches(1)),
  ];
  const [static_] = rows;
  console.log(
    `\nHTTP benchmark: ${connections} connections, ${duration} s each, FRONTEND=${values.frontend}, ${target.label}, ` +
      `Node ${process.versions.node}, Accept-Encoding: ${acceptEncoding}; load average ${loadBefore.toFixed(1)} before, ` +
      `${loadavg()[0].toFixed(1)} after (1 min)\n`,
  );
  console.log(
    'target          path                                   req/s   p50 ms   p95 ms   p99 ms   KB/req  errors  RSS MB        CPU ms/req   vs static (req/s, p95)',
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(16)}${row.path.slice(0, 36).padEnd(36)}${row.requestsPerSecond.toFixed(0).padStart(8)}` +
        `${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}` +
        `${row.kilobytesPerRequest.toFixed(1).padStart(9)}${String(row.errors).padStart(8)}${megabytesOf(row.rss).padStart(8)}` +
        `${cpuOf(row).padStart(18)}` +
        `   ${(row.requestsPerSecond / static_.requestsPerSecond).toFixed(2)}×, ${(row.p95 / static_.p95).toFixed(1)}×`,
    );
  }
  console.log(
    `\nCPU ms/req: the server's CPU time per answered request${onPostgres ? " (all workers), + the database backends', + the search process's" : ''}` +
      ' (robust to other work on the machine, unlike req/s).',
  );
  console.log(
    `Server RSS${onPostgres ? ' per worker' : ''}: ${megabytesOf(startRss)} MB after start-up${onPostgres ? '' : ' (seeding included)'}, ` +
      `peak ${megabytesOf(peakRss)} MB, ${megabytesOf(target.residentBytes())} MB at the end`,
  );
  if (target.searchResidentBytes) {
    console.log(`Search process RSS at the end: ${(target.searchResidentBytes() / MB).toFixed(0)} MB (decision 0031)`);
  }
  if (soakSeconds > 0) await soak(mixedPaths(jobPaths, asset));
} finally {
  await target.stop();
}
