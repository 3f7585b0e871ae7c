// HTTP benchmark of the built site on its own embedded database with the full demo data (5,000 jobs, as
// `npm start`): the job page over 50 different jobs, the job search, a keyword search, the home page and a
// static asset in the same run, so the figures can be compared on any machine. Prints requests/s, p50/p95/p99
// latency, bytes per response, their ratio to the static asset, and the server's resident size (RSS).
//
// Usage: npm run bench:http [-- --duration 10 --connections 10 --frontend tagblatt --accept-encoding "br, gzip"]
// --accept-encoding is sent with every request (a browser sends "gzip, deflate, br, zstd"; "identity" for
// uncompressed responses).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from '../support/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    frontend: { type: 'string', default: 'tagblatt' },
    jobs: { type: 'string', default: '50' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const acceptEncoding = values['accept-encoding'];
const MB = 1024 * 1024;

const server = await startBuiltServer({ FRONTEND: values.frontend });
const { origin } = server;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

let peakRss = server.residentBytes();
async function measure(name, paths) {
  const requests = paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': acceptEncoding } }));
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.residentBytes())), 500);
  try {
    // Warm-up so JIT and caches settle before the measured run.
    await autocannon({ url: origin, connections, duration: 2, requests });
    const latencies = [];
    const instance = autocannon({ url: origin, connections, duration, requests });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const result = await instance;
    latencies.sort((a, b) => a - b);
    return {
      name,
      path: paths.length > 1 ? `${paths[0]} (+${paths.length - 1})` : paths[0],
      requestsPerSecond: result.requests.average,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors: result.errors + result.timeouts + result.non2xx,
      kilobytesPerRequest: result.throughput.average / result.requests.average / 1024,
      rss: server.residentBytes(),
    };
  } finally {
    clearInterval(sampler);
  }
}

try {
  const startRss = server.residentBytes();
  const jobPaths = await server.jobPaths(Number(values.jobs));
  // A hashed script of the build (an island of the job search), else the favicon.
  const searchHtml = await (await fetch(`${origin}/jobs`)).text();
  const asset = /"(\/_astro\/[^"]+\.js)"/.exec(searchHtml)?.[1] ?? '/favicon.svg';
  const loadBefore = loadavg()[0];
  const rows = [
    await measure('static asset', [asset]),
    await measure('home page', ['/']),
    await measure('job search', ['/jobs']),
    await measure('keyword search', ['/jobs?q=Pflege']),
    await measure('job page', jobPaths),
  ];
  const [static_] = rows;
  console.log(
    `\nHTTP benchmark: ${connections} connections, ${duration} s each, FRONTEND=${values.frontend}, PGlite, ` +
      `Node ${process.versions.node}, Accept-Encoding: ${acceptEncoding}; load average ${loadBefore.toFixed(1)} before, ` +
      `${loadavg()[0].toFixed(1)} after (1 min)\n`,
  );
  console.log(
    'target          path                                   req/s   p50 ms   p95 ms   p99 ms   KB/req  errors  RSS MB   vs static (req/s, p95)',
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(16)}${row.path.slice(0, 36).padEnd(36)}${row.requestsPerSecond.toFixed(0).padStart(8)}` +
        `${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}` +
        `${row.kilobytesPerRequest.toFixed(1).padStart(9)}${String(row.errors).padStart(8)}${(row.rss / MB).toFixed(0).padStart(8)}` +
        `   ${(row.requestsPerSecond / static_.requestsPerSecond).toFixed(2)}×, ${(row.p95 / static_.p95).toFixed(1)}×`,
    );
  }
  console.log(
    `\nServer RSS: ${(startRss / MB).toFixed(0)} MB after start-up (seeding included), peak ${(peakRss / MB).toFixed(0)} MB, ` +
      `${(server.residentBytes() / MB).toFixed(0)} MB at the end`,
  );
} finally {
  await server.stop();
}
