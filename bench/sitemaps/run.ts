/**
 * The job sitemap at 100,000 open jobs (issue 19 budget: ≤ 1 s and ≤ 50 MB extra memory, streamed).
 *
 * Seeds (once) a PostgreSQL database of its own, jobboard_bench_sitemaps_<jobs>, makes every job an open
 * job of the default brand (so the job sitemap has them all: two files of 50,000), starts the built server
 * on it and fetches each job sitemap file several times as a crawler does (gzip), printing the time to the
 * last byte and the server's resident memory above what it held before the request (sampled every 5 ms).
 *
 * Usage: npm run build && npx tsx bench/sitemaps/run.ts [--jobs 100000] [--runs 5]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { postgresAdminUrl } from '../../src/server/db/testing';
import { openBenchDatabase, prepareBenchDatabase } from '../support/bench-database';
import { startBuiltServer } from '../support/server.mjs';

const { values } = parseArgs({
  options: { jobs: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' } },
});
const jobCount = Number(values.jobs);
const runs = Number(values.runs);
const name = `jobboard_bench_sitemaps_${jobCount}`;

const handle = await openBenchDatabase('postgres', jobCount, name);
await prepareBenchDatabase(handle, jobCount);
await handle.db.execute(sql`
  update jobs set frontend = 'tagblatt', state = 'published',
    published_at = least(coalesce(published_at, now() - interval '1 day'), now() - interval '1 day'),
    expires_at = now() + interval '365 days'
  where frontend <> 'tagblatt' or state <> 'published' or expires_at is null or expires_at < now() + interval '300 days'`);
await handle.db.execute(sql`vacuum analyze jobs`);
const open = await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from jobs`);
await handle.close();
console.log(`${String(open.rows[0]?.count)} open jobs of tagblatt`);

const url = new URL(postgresAdminUrl);
url.pathname = `/${name}`;
const server = await startBuiltServer({
  DATABASE_URL: url.href,
  AUTH_SECRET: 'bench-sitemaps-secret-0123456789abcdef',
  SITE_URL: 'https://jobs.example',
  FRONTEND: 'tagblatt',
});

interface Figures {
  milliseconds: number;
  extraMegabytes: number;
  urls: number;
  bytes: number;
}

async function fetchOnce(path: string): Promise<Figures> {
  const before = server.residentBytes();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.residentBytes());
  }, 5);
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  const text = await response.text();
  const milliseconds = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, server.residentBytes());
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return {
    milliseconds,
    extraMegabytes: (peak - before) / 1024 / 1024,
    urls: text.split('<url>').length - 1,
    bytes: text.length,
  };
}

try {
  const index = await fetch(`${server.origin}/sitemap.xml`);
  const files = [
    ...(await index.text()).matchAll(/<loc>https:\/\/jobs\.example(\/jobs\/sitemap\.xml[^<]*)<\/loc>/g),
  ].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
  console.log(`job sitemap files: ${files.join(', ')}`);
  for (const file of files) await fetchOnce(file); // warm-up: code paths, prepared statements, buffers
  for (const file of files) {
    const figures: Figures[] = [];
    for (let run = 0; run < runs; run += 1) figures.push(await fetchOnce(file));
    const times = figures.map((figure) => figure.milliseconds).sort((a, b) => a - b);
    const extra = Math.max(...figures.map((figure) => figure.extraMegabytes));
    console.log(
      `${file}: ${String(figures[0]?.urls)} URLs, ${((figures[0]?.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB XML; ` +
        `time median ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms; ` +
        `extra resident memory max ${extra.toFixed(1)} MB`,
    );
  }
} finally {
  await server.stop();
}
