/**
 * GraphQL benchmark at a realistic data size: getRoutInfo and a job-by-id query through the whole yoga
 * pipeline (parse, validate, limits, context, resolvers, serialisation) against the same services called
 * directly, on PGlite and on PostgreSQL, in one run.
 *
 * Usage: npm run bench:graphql -- [--jobs 100000] [--dialect both|pglite|postgres] [--requests 2000]
 * The databases are created and seeded once (data/bench/, database jobboard_bench_<jobs>) and reused.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { brands } from '../../brands';
import { anonymousViewer } from '../../src/server/auth/viewer';
import type { DatabaseHandle } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { createLoaders } from '../../src/server/graphql/loaders';
import { createGraphQLServer } from '../../src/server/graphql/yoga';
import { getJob } from '../../src/server/modules/jobs/get-job';
import { getRouteInfo } from '../../src/server/modules/routing/get-route-info';
import { isSeeded, seedDatabase } from '../../src/server/seed/seed-database';
import { openBenchDatabase } from '../support/bench-database';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    dialect: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
  },
});
const jobCount = Number(values.jobs);
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);

async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  if (await isSeeded(handle.db)) return;
  const started = Date.now();
  let lastPercent = -10;
  await seedDatabase(handle.db, {
    jobs: jobCount,
    organizations: Math.max(300, Math.round(jobCount / 100)),
    seed: 42,
    truncate: true,
    onProgress: (done, total, phase) => {
      const percent = Math.floor((done / total) * 100);
      if (phase === 'jobs' && percent >= lastPercent + 10) {
        lastPercent = percent;
        process.stderr.write(`  seeding ${handle.dialect}: ${percent} %\n`);
      }
    },
  });
  process.stderr.write(`  seeded ${jobCount} jobs in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

interface Figures {
  p50: number;
  p95: number;
  mean: number;
  sequentialRps: number;
  concurrentRps: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs `call` over the inputs: once one at a time (latencies), once with `concurrency` callers (throughput). */
async function measure<T>(inputs: T[], call: (input: T) => Promise<unknown>): Promise<Figures> {
  for (const input of inputs.slice(0, 100)) await call(input);
  const latencies: number[] = [];
  const started = performance.now();
  for (let index = 0; index < requests; index++) {
    const begin = performance.now();
    await call(inputs[index % inputs.length]!);
    latencies.push(performance.now() - begin);
  }
  const sequentialSeconds = (performance.now() - started) / 1000;
  let next = 0;
  const concurrentStarted = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) await call(inputs[next++ % inputs.length]!);
    }),
  );
  const concurrentSeconds = (performance.now() - concurrentStarted) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    mean: latencies.reduce((sum, value) => sum + value, 0) / latencies.length,
    sequentialRps: requests / sequentialSeconds,
    concurrentRps: requests / concurrentSeconds,
  };
}

const routeQuery = `query getRoutInfo($slug: String!) { getRoutInfo(slug: $slug) { __typename ... on RouteContent { kind id metatags { meta value } } ... on RouteError { code } } }`;
const jobScalarsQuery = `query job($id: Int!) { job(id: $id) { id title state publishedAt expiresAt } }`;
const jobPageQuery = `query job($id: Int!) { job(id: $id) { id title description publishedAt isExpired url
  organization { name url logo { url } } locations { address { locality postalCode } latitude longitude }
  employmentTypes { label } occupationalFields { label } remoteOption { label } salary { min max currencyCode unit }
  application { workflow link } } }`;

async function run(dialect: 'pglite' | 'postgres') {
  const handle = await openBenchDatabase(dialect, jobCount);
  try {
    await prepare(handle);
    const { db } = handle;
    const aliases = await db.execute<{ path: string }>(
      // Jobs are isolated per brand: the tagblatt server below finds tagblatt's jobs only.
      sql`select a.path from path_aliases a join jobs j on j.id = a.target_id
          where a.target_kind = 'Job' and j.frontend = 'tagblatt' order by md5(a.path) limit 500`,
    );
    const ids = await db.execute<{ id: number }>(
      sql`select id from jobs where state = 'published' and frontend = 'tagblatt' order by md5(id::text) limit 500`,
    );
    const paths = aliases.rows.map((row) => row.path);
    const jobIds = ids.rows.map((row) => row.id);
    const server = createGraphQLServer({
      getDatabase: () => Promise.resolve(db),
      defaultBrand: brands.tagblatt,
      authSecret: () => new TextEncoder().encode('bench-secret-0123456789abcdef0123456789'),
      production: true,
    });
    const graphql = async (query: string, variables: Record<string, unknown>) => {
      const response = await server.fetch('http://bench/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
    };
    const rows: [string, Figures][] = [
      ['getRoutInfo via GraphQL', await measure(paths, (slug) => graphql(routeQuery, { slug }))],
      [
        'getRoutInfo service direct',
        await measure(paths, (slug) => getRouteInfo({ db, brandId: 'tagblatt', input: { slug } })),
      ],
      ['job(id) scalars via GraphQL', await measure(jobIds, (id) => graphql(jobScalarsQuery, { id }))],
      [
        'job(id) service direct',
        await measure(jobIds, (id) =>
          getJob({ db, viewer: anonymousViewer, loaders: createLoaders(db), brandId: 'tagblatt', input: { id } }),
        ),
      ],
      ['job(id) full page query', await measure(jobIds, (id) => graphql(jobPageQuery, { id }))],
    ];
    console.log(`\n${dialect}: ${jobCount} jobs, ${requests} requests per row, ${concurrency} concurrent callers`);
    console.log('operation                        p50 ms   p95 ms   mean ms   req/s (1)   req/s (' + concurrency + ')');
    for (const [name, figures] of rows) {
      console.log(
        name.padEnd(32) +
          figures.p50.toFixed(2).padStart(7) +
          figures.p95.toFixed(2).padStart(9) +
          figures.mean.toFixed(2).padStart(10) +
          figures.sequentialRps.toFixed(0).padStart(12) +
          figures.concurrentRps.toFixed(0).padStart(12),
      );
    }
    const overhead = (viaGraphQL: number, direct: number) =>
      (rows[viaGraphQL]![1].mean - rows[direct]![1].mean).toFixed(2);
    console.log(
      `yoga overhead per request: getRoutInfo ${overhead(0, 1)} ms, job(id) ${overhead(2, 3)} ms (mean, GraphQL minus direct)`,
    );
  } finally {
    await handle.close();
  }
}

for (const dialect of values.dialect === 'both'
  ? (['pglite', 'postgres'] as const)
  : [values.dialect as 'pglite' | 'postgres']) {
  await run(dialect);
}
