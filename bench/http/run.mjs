// HTTP benchmark of the built site: server-rendered pages (home, job search, a job) beside a static asset in the same run,
// so the figures can be compared on any machine. Prints requests/s, p50/p95/p99 latency and their ratio.
// Usage: npm run bench:http [-- --duration 10 --connections 10 --frontend tagblatt]
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from '../support/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    frontend: { type: 'string', default: 'tagblatt' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

// Its own embedded database with the full demo data (5,000 jobs), so the figures match `npm start`.
const server = await startBuiltServer({ FRONTEND: values.frontend });
const { origin } = server;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(name, path) {
  // Warm-up so JIT and caches settle before the measured run.
  await autocannon({ url: origin + path, connections, duration: 2 });
  const latencies = [];
  const instance = autocannon({ url: origin + path, connections, duration });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name,
    path,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
    kilobytesPerRequest: result.throughput.average / result.requests.average / 1024,
  };
}

try {
  const jobPath = await server.latestJobPath();
  const asset = await measure('static asset', '/favicon.svg');
  const rows = [
    await measure('home page (SSR)', '/'),
    await measure('job search (SSR)', '/jobs'),
    await measure('job page (SSR)', jobPath),
    asset,
  ];
  console.log(
    `\nHTTP benchmark: ${connections} connections, ${duration}s each, FRONTEND=${values.frontend}, Node ${process.versions.node}\n`,
  );
  console.log(
    'target              path                                  req/s     p50 ms   p95 ms   p99 ms   KB/req  errors  vs static (req/s, p95)',
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(20)}${row.path.slice(0, 36).padEnd(36)}${row.requestsPerSecond.toFixed(0).padStart(8)}` +
        `${row.p50.toFixed(1).padStart(10)}${row.p95.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}` +
        `${row.kilobytesPerRequest.toFixed(1).padStart(9)}${String(row.errors).padStart(8)}` +
        `   ${(row.requestsPerSecond / asset.requestsPerSecond).toFixed(2)}×, ${(row.p95 / asset.p95).toFixed(1)}×`,
    );
  }
} finally {
  await server.stop();
}
