// Profiles the job page of the built server on PGlite (issue 12, decision 0011):
//
// 1. where a job page's time goes: each page once, one after the other, with every SQL statement counted
//    and timed (bench/profile/sql-trace.mjs), and the GraphQL operations (route lookup, job, similar jobs,
//    and the page's one operation routePage that holds them all) timed alone over POST /graphql;
// 2. a CPU profile (V8 inspector) of the job page under load, summarised by part of the request path
//    (bench/profile/summarize.mjs);
// 3. memory over time: RSS, V8 heap, external and array buffers, PGlite's WebAssembly memory, through
//    start-up (seeding), the in-memory job index build (decision 0008), the profiled load and a mixed load
//    (job pages, searches, listings, organizations), and where the live heap was allocated (sampling heap
//    profile from the first line of the process on).
//
// Usage: npm run build (SERVER_SOURCEMAPS=1 npm run build maps bundled code back to src/), then
//   node bench/profile/job-page.mjs [--duration 20] [--mixed 60] [--connections 10] [--jobs 50] [--reuse]
// Without --reuse the server seeds a fresh database (5,000 demo jobs, as a first `npm start` does); with it,
// the database an earlier run left in data/profile/pglite is reopened. Writes data/profile/job-page-<time>
// .cpuprofile, .heapprofile (both open in Chrome DevTools) and .txt (the printed report).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { getJob, getRoutePage, getSimilarJobs } from '../../src/lib/operations/content.ts';
import { getRoutInfo } from '../../src/lib/operations/routing.ts';
import { connectInspector } from '../support/inspector.mjs';
import { freePort, startBuiltServer } from '../support/server.mjs';
import { residentByKind } from '../support/smaps.mjs';
import { createResolver, formatSummary, summarize } from './summarize.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    mixed: { type: 'string', default: '60' },
    connections: { type: 'string', default: '10' },
    jobs: { type: 'string', default: '50' },
    reuse: { type: 'boolean', default: false },
    frontend: { type: 'string', default: 'tagblatt' },
  },
});
const duration = Number(values.duration);
const mixedSeconds = Number(values.mixed);
const connections = Number(values.connections);
const outDir = 'data/profile';
const pgliteDir = join(outDir, 'pglite');
mkdirSync(outDir, { recursive: true });
if (!values.reuse) rmSync(pgliteDir, { recursive: true, force: true });

const MB = 1024 * 1024;
const report = [];
const say = (line = '') => {
  report.push(line);
  console.log(line);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (list) => list.reduce((sum, value) => sum + value, 0) / Math.max(1, list.length);
const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

say(
  `Job page profile: FRONTEND=${values.frontend}, Node ${process.versions.node}, ` +
    `load average before start ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (2 cores shared)`,
);

let inspector;
const inspectorPort = await freePort();
const server = await startBuiltServer(
  { FRONTEND: values.frontend, LOG_LEVEL: 'warn', RATE_LIMIT_GRAPHQL_PER_MINUTE: '1000000' },
  {
    pgliteDir,
    // Paused before the first line: the sampling heap profiler then sees every allocation, seeding included.
    nodeArgs: ['--import', './bench/profile/sql-trace.mjs', `--inspect-brk=127.0.0.1:${inspectorPort}`],
    onSpawn: async () => {
      inspector = await connectInspector(inspectorPort);
      await inspector.send('HeapProfiler.enable');
      await inspector.send('HeapProfiler.startSampling', { samplingInterval: 64 * 1024 });
      await inspector.send('Runtime.runIfWaitingForDebugger');
    },
  },
);
const { origin } = server;

/**
 * RSS from /proc, the V8 heap and buffers from process.memoryUsage(), and the WebAssembly memories (read
 * last: finding them makes V8 collect garbage first, so they are the live ones).
 */
async function memory() {
  const rss = server.residentBytes();
  const usage = await inspector.evaluate('process.memoryUsage()');
  const wasm = await inspector.wasmMemoryBytes();
  return {
    rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    wasm: wasm.reduce((sum, bytes) => sum + bytes, 0),
  };
}
const memoryRows = [];
async function recordMemory(phase, { gc = false } = {}) {
  memoryRows.push({ phase, ...(await memory()) });
  if (gc) {
    await inspector.send('HeapProfiler.collectGarbage');
    memoryRows.push({ phase: '  after a full GC', ...(await memory()) });
  }
}

const sqlTrace = {
  reset: () => inspector.evaluate('__sqlTrace.reset()'),
  report: () => inspector.evaluate('__sqlTrace.report()'),
};

async function graphql(operation, variables) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operationName: operation.operationName, query: operation.query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Which part of the job page a statement serves, by its text (see the page's three operations). */
function partOfStatement(sql) {
  if (/rate_limit_counters/.test(sql)) return 'rate limit of POST /graphql (not on pages)';
  if (/from "redirects"|"path_aliases"\."path" =|from "seo_metatags"|^select "state" from "jobs"/.test(sql))
    return 'route lookup';
  if (
    /ll_to_earth|earth_box|^select "term_id" from "job_occupational_fields"|^select "latitude", "longitude"/.test(sql)
  )
    return 'similar jobs (selection)';
  if (/search_revision/.test(sql)) return 'search revision';
  return 'job and teaser fields (job, organization, locations, terms, URLs)';
}

function statementTable(statements, calls) {
  const byPart = new Map();
  for (const statement of statements) {
    const part = partOfStatement(statement.sql);
    const entry = byPart.get(part) ?? { count: 0, ms: 0, rows: 0 };
    entry.count += statement.count;
    entry.ms += statement.ms;
    entry.rows += statement.rows;
    byPart.set(part, entry);
  }
  const lines = ['  statements/call  SQL ms/call  rows/call  part'];
  for (const [part, entry] of [...byPart].sort((a, b) => b[1].ms - a[1].ms)) {
    lines.push(
      `${(entry.count / calls).toFixed(1).padStart(17)}${(entry.ms / calls).toFixed(2).padStart(13)}` +
        `${(entry.rows / calls).toFixed(1).padStart(11)}  ${part}`,
    );
  }
  return lines;
}

async function load(requests, seconds) {
  return autocannon({ url: origin, connections, duration: seconds, requests });
}

try {
  say(
    `Server answered after ${(server.startMilliseconds / 1000).toFixed(1)} s (${values.reuse ? 'reopened' : 'seeded'})`,
  );
  await recordMemory(values.reuse ? 'started (database reopened)' : 'started (seeded 5,000 jobs)', { gc: true });

  // The first search starts building the in-memory job index in the background; its last statement reads
  // the taxonomy terms.
  await sqlTrace.reset();
  const buildStarted = performance.now();
  await fetch(`${origin}/jobs?q=Pflege`);
  for (;;) {
    const statements = await sqlTrace.report();
    if (statements.some((statement) => statement.sql.includes('vocabulary in'))) break;
    if (performance.now() - buildStarted > 300_000) throw new Error('the job index was not built in 5 minutes');
    await sleep(250);
  }
  say(`Job index built ${((performance.now() - buildStarted) / 1000).toFixed(1)} s after the first search`);
  await fetch(`${origin}/jobs?q=Pflege`);
  await recordMemory('after the job index build', { gc: true });

  const paths = await server.jobPaths(Number(values.jobs));
  const requests = paths.map((path) => ({ method: 'GET', path }));
  say(`${paths.length} different job pages, e.g. ${paths[0]}`);

  // 1. Attribution: each page once, one after the other (no queueing), statements counted.
  for (const path of paths) await (await fetch(origin + path)).arrayBuffer();
  await sqlTrace.reset();
  const pageTimes = [];
  for (const path of paths) {
    const started = performance.now();
    await (await fetch(origin + path)).arrayBuffer();
    pageTimes.push(performance.now() - started);
  }
  const pageStatements = await sqlTrace.report();
  const pageSql = pageStatements.reduce((sum, statement) => sum + statement.ms, 0) / paths.length;
  say();
  say(
    `Job page, one request at a time: mean ${mean(pageTimes).toFixed(1)} ms, p95 ${percentile(pageTimes, 95).toFixed(1)} ms;` +
      ` SQL ${pageSql.toFixed(1)} ms in ${(pageStatements.reduce((sum, s) => sum + s.count, 0) / paths.length).toFixed(1)} statements`,
  );
  for (const line of statementTable(pageStatements, paths.length)) say(line);

  // The page's operations alone, over POST /graphql (with its rate-limit statement), beside an empty query.
  const jobIds = paths.map((path) => Number(/(\d+)\/?$/.exec(path)?.[1]));
  const operations = [
    ['empty query { __typename }', { operationName: 'empty', query: 'query empty { __typename }' }, () => ({})],
    ['getRoutInfo (route lookup)', getRoutInfo, (index) => ({ slug: paths[index], language: 'de' })],
    ['job (job query and resolvers)', getJob, (index) => ({ id: jobIds[index] })],
    ['similarJobs (limit 4)', getSimilarJobs, (index) => ({ jobId: jobIds[index], limit: 4 })],
    ["routePage (the page's one operation)", getRoutePage, (index) => ({ slug: paths[index], language: 'de' })],
  ];
  say();
  say('Operations of the page alone over POST /graphql, one at a time (HTTP, rate limit, yoga, resolvers, SQL):');
  for (const [name, operation, variablesOf] of operations) {
    for (let index = 0; index < paths.length; index++) await graphql(operation, variablesOf(index));
    await sqlTrace.reset();
    const times = [];
    for (let index = 0; index < paths.length; index++) {
      const started = performance.now();
      await graphql(operation, variablesOf(index));
      times.push(performance.now() - started);
    }
    const statements = await sqlTrace.report();
    const sqlMs = statements.reduce((sum, statement) => sum + statement.ms, 0) / paths.length;
    say(
      `  ${name.padEnd(32)} mean ${mean(times).toFixed(1).padStart(6)} ms, SQL ${sqlMs.toFixed(1).padStart(5)} ms in ` +
        `${(statements.reduce((sum, s) => sum + s.count, 0) / paths.length).toFixed(1)} statements`,
    );
  }

  // 2. CPU profile under load.
  await load(requests, 5);
  await recordMemory('after a 5 s warm-up');
  const timeline = [];
  const sampler = setInterval(() => void memory().then((figures) => timeline.push(figures)), 2000);
  await sqlTrace.reset();
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.send('Profiler.start');
  const cpuBefore = server.cpuMilliseconds();
  const loadBefore = loadavg()[0];
  const result = await load(requests, duration);
  const cpuMs = server.cpuMilliseconds() - cpuBefore;
  const { profile } = await inspector.send('Profiler.stop');
  clearInterval(sampler);
  const loadStatements = await sqlTrace.report();
  await recordMemory(`after ${duration} s of job pages`, { gc: true });
  const loadSqlMs = loadStatements.reduce((sum, statement) => sum + statement.ms, 0);
  say();
  say(
    `Job pages under load (${connections} connections, ${paths.length} pages, ${duration} s, profiler on): ` +
      `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, ` +
      `p99 ${result.latency.p99} ms, ${result.errors + result.non2xx} errors, ` +
      `${(result.throughput.average / result.requests.average / 1024).toFixed(1)} KB/response; ` +
      `PGlite busy ${((100 * loadSqlMs) / (duration * 1000)).toFixed(0)} % of the time`,
  );
  // On a machine shared with other work the sampler charges time the process spent waiting for a core to
  // whatever function it was in: compare the process's CPU time with the wall time before trusting shares.
  say(
    `Server CPU time ${(cpuMs / 1000).toFixed(1)} s of ${duration} s wall (${((100 * cpuMs) / (duration * 1000)).toFixed(0)} %` +
      ` of one core); load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
  );
  say(`RSS during the load (MB, every 2 s): ${timeline.map((row) => (row.rss / MB).toFixed(0)).join(' ')}`);
  say();
  say(formatSummary(summarize(profile), { top: 25 }));

  // 3. Mixed load: what a visitor does besides job pages, for memory.
  if (mixedSeconds > 0) {
    const words = ['Pflege', 'Erzieher', 'Elektriker', 'Verkauf', 'Koch', 'Lager', 'Ingenieur', 'Buchhaltung'];
    const organizations = await (
      await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ latestJobs(limit: 20) { jobs { organization { url } } } }' }),
      })
    ).json();
    const mixed = [
      ...requests,
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/jobs' },
      { method: 'GET', path: '/jobs?page=5' },
      ...words.map((word) => ({ method: 'GET', path: `/jobs?q=${encodeURIComponent(word)}` })),
      ...organizations.data.latestJobs.jobs.map((job) => ({ method: 'GET', path: job.organization.url })),
    ];
    for (const { path } of mixed) {
      const response = await fetch(origin + path, { redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status >= 300) say(`  (mixed load: ${path} answers ${response.status})`);
    }
    const mixedTimeline = [];
    const mixedSampler = setInterval(() => void memory().then((figures) => mixedTimeline.push(figures)), 5000);
    const mixedResult = await load(mixed, mixedSeconds);
    clearInterval(mixedSampler);
    await recordMemory(`after ${mixedSeconds} s of mixed load`, { gc: true });
    say();
    say(
      `Mixed load (${mixed.length} URLs: job pages, home, listings, searches, organizations; ${mixedSeconds} s): ` +
        `${mixedResult.requests.average.toFixed(0)} req/s, ${mixedResult.errors + mixedResult.non2xx} errors`,
    );
    say(
      `RSS during the mixed load (MB, every 5 s): ${mixedTimeline.map((row) => (row.rss / MB).toFixed(0)).join(' ')}`,
    );
    say(`WASM memory (MB): ${mixedTimeline.map((row) => (row.wasm / MB).toFixed(0)).join(' ')}`);
  }

  say();
  say('Memory (MB)                             RSS  heapUsed heapTotal  external  arrayBuf      WASM');
  for (const row of memoryRows) {
    say(
      row.phase.padEnd(34) +
        [row.rss, row.heapUsed, row.heapTotal, row.external, row.arrayBuffers, row.wasm]
          .map((bytes) => (bytes / MB).toFixed(0).padStart(10))
          .join(''),
    );
  }

  say();
  say('Resident memory by kind at the end (/proc/<pid>/smaps, MB):');
  for (const [kind, bytes] of Object.entries(residentByKind(server.pid)))
    say(`  ${(bytes / MB).toFixed(0).padStart(6)}  ${kind}`);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const cpuFile = join(outDir, `job-page-${stamp}.cpuprofile`);
  writeFileSync(cpuFile, JSON.stringify(profile));
  const { profile: heapProfile } = await inspector.send('HeapProfiler.getSamplingProfile');
  const heapFile = join(outDir, `job-page-${stamp}.heapprofile`);
  writeFileSync(heapFile, JSON.stringify(heapProfile));
  say();
  say(formatHeapProfile(heapProfile));
  say();
  say(`Files: ${cpuFile}, ${heapFile}`);
  writeFileSync(join(outDir, `job-page-${stamp}.txt`), `${report.join('\n')}\n`);
} finally {
  inspector?.close();
  await server.stop();
}

/** The live JS heap at the end, by the file or package and the function that allocated it. */
function formatHeapProfile(heapProfile) {
  const resolve = createResolver();
  const bySite = new Map();
  const byFile = new Map();
  let total = 0;
  const walk = (node, owner) => {
    // Charged to the innermost frame that has a script (builtins such as Array.push go to their caller).
    const here = node.callFrame.url ? resolve(node.callFrame) : owner;
    if (node.selfSize > 0) {
      total += node.selfSize;
      const site = `${node.callFrame.functionName || '(anonymous)'}  ${here?.where ?? ''}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      const source = here?.source ?? '(native)';
      const file = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[0] ?? source;
      byFile.set(file, (byFile.get(file) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(heapProfile.head, undefined);
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, bytes]) => `${(bytes / MB).toFixed(1).padStart(8)} MB  ${key}`);
  return [
    `Live JS heap at the end by allocation site (sampling heap profile, ${(total / MB).toFixed(0)} MB)`,
    '-- by file or package',
    ...top(byFile, 20),
    '-- by function',
    ...top(bySite, 20),
  ].join('\n');
}
