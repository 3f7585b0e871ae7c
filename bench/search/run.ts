/**
 * Job search benchmark: the search service (full text + all six facet counts + radius + top 10) at a
 * realistic data size, on PGlite and on PostgreSQL, in one run.
 *
 * Usage: npx tsx bench/search/run.ts -- [--jobs 100000] [--dialect both|pglite|postgres] [--requests 400]
 *        [--concurrency 8] [--engine index|database|service] [--database-name <PostgreSQL database>] [--explain]
 * `--engine index` (default) measures the in-memory index the product searches with once it is current
 * (decision 0008; its build time and memory are printed too); `--engine database` the SQL statement it
 * falls back to while the index is being rebuilt; `--engine service` (PostgreSQL) the machine's search
 * process of decision 0031 (scripts/search-service.mjs, started here as a child process, as PM2 starts it),
 * asked over its socket, with its build time and resident size. `--database-name` measures another
 * PostgreSQL database (e.g. jobboard_bench_http_1000000 of bench/scale/multiply.mjs).
 * Reuses the databases of bench/graphql/run.ts (data/bench/pglite-<jobs>, database jobboard_bench_<jobs>),
 * seeding them first if needed. Statistics: the benchmark runs ANALYZE (and VACUUM, for the visibility
 * map index-only scans need) when a table has none – PGlite has no autovacuum at all, and the test server
 * runs PostgreSQL with autovacuum off. It measures; it never fails on time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { BrandId } from '../../brands';
import { brands } from '../../brands';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { searchJobs, type JobSearchRequest } from '../../src/server/search';
import { currentJobIndex } from '../../src/server/search/job-index';
import { serviceJobEngine } from '../../src/server/search/job-search-service';
import { FacetSelection } from '../../src/server/search/facets';
import { jobFilterOf } from '../../src/server/search/job-filter';
import { jobFacetFields } from '../../src/lib/search/vocabulary';
import { openBenchDatabase, prepareBenchDatabase } from '../support/bench-database';
import { postgresAdminUrl } from '../../src/server/db/testing';
import { environment, searchServiceNodeOptions } from '../../scripts/server-node-options.cjs';
import { random } from '../support/random';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    jobs: { type: 'string', default: '100000' },
    dialect: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    engine: { type: 'string', default: 'index' },
    explain: { type: 'boolean', default: false },
    'database-name': { type: 'string' },
  },
});
const jobCount = Number(values.jobs);
const requests = Math.max(300, Number(values.requests));
const concurrency = Number(values.concurrency);
const engine = values.engine === 'database' ? 'database' : values.engine === 'service' ? 'service' : 'index';
if (engine === 'service' && values.dialect !== 'postgres') {
  console.error('--engine service needs --dialect postgres (the search process shares the database)');
  process.exit(2);
}
/** The search process's socket (--engine service). */
const serviceSocket = join(mkdtempSync(join(tmpdir(), 'bench-search-')), 'search.sock');

// ---------------------------------------------------------------------------------------------------------
// Database (seeded as bench/graphql/run.ts seeds it)
// ---------------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------------
// Workload
// ---------------------------------------------------------------------------------------------------------

/** What visitors type: job titles, fields, skills, from specific to broad, some with two words. */
const terms = [
  'Pflegefachkraft',
  'Pflege',
  'Altenpfleger',
  'Krankenpfleger',
  'Erzieher',
  'Elektroniker',
  'Mechatroniker',
  'Elektriker',
  'Schweißer',
  'Lagerist',
  'Fahrer',
  'Berufskraftfahrer',
  'Verkäufer',
  'Kassierer',
  'Bäcker',
  'Koch',
  'Buchhalter',
  'Steuerfachangestellte',
  'Sachbearbeiter',
  'Kaufmann',
  'Industriekaufmann',
  'Bürokauffrau',
  'Controller',
  'Personalreferent',
  'Marketing',
  'Vertrieb',
  'Software Entwickler',
  'Java',
  'SAP',
  'DevOps',
  'Projektmanager',
  'Ingenieur',
  'Maschinenbau',
  'Werkstudent',
  'Ausbildung',
  'Minijob',
  'Teilzeit',
  'Reinigung',
  'Logistik',
  'Medizinische Fachangestellte',
  'Verwaltung',
  'Nurse',
  'Chauffeur',
];

interface Place {
  label: string;
  lat: number;
  lon: number;
}

/** Where visitors of a brand search: the places of its jobs, the busy ones more often. */
async function placesOf(db: Database, brand: BrandId): Promise<Place[]> {
  const result = await db.execute<{ label: string; lat: number; lon: number; weight: number }>(sql`
    select l.locality as label, avg(l.latitude)::float8 as lat, avg(l.longitude)::float8 as lon,
      ceil(sqrt(count(*)))::int as weight
    from job_locations l join jobs j on j.id = l.job_id
    where j.frontend = ${brand} and l.locality is not null
    group by l.locality order by count(*) desc limit 60`);
  return result.rows.flatMap((row) => Array.from({ length: Number(row.weight) }, () => row));
}

interface Workload {
  name: string;
  requests: { brand: BrandId; input: JobSearchRequest }[];
}

async function workloads(db: Database): Promise<Workload[]> {
  const rng = random(20261122);
  const brandMix: BrandId[] = ['tagblatt', 'tagblatt', 'tagblatt', 'suedjobs', 'suedjobs', 'jobregio'];
  const places = Object.fromEntries(
    await Promise.all(
      (['tagblatt', 'suedjobs', 'jobregio'] as const).map(async (brand) => [brand, await placesOf(db, brand)]),
    ),
  ) as Record<BrandId, Place[]>;
  const facetValues = await db.execute<{ vocabulary: string; id: number }>(sql`
    select vocabulary, id from taxonomy_terms where vocabulary in ('employment_type', 'remote_option')`);
  const employment = facetValues.rows
    .filter((row) => row.vocabulary === 'employment_type')
    .map((row) => String(row.id));
  const remote = facetValues.rows.filter((row) => row.vocabulary === 'remote_option').map((row) => String(row.id));

  const realistic: Workload['requests'] = [];
  for (let index = 0; index < requests; index++) {
    const brand = rng.pick(brandMix);
    const place = rng.pick(places[brand]);
    const radius = rng.pick([
      25,
      50,
      50,
      brands[brand].constants.geo.defaultRadiusKm,
      brands[brand].constants.geo.defaultRadiusKm,
    ]);
    // One in five narrows by a facet, as visitors do after the first page.
    const facets = rng.next() < 0.2 ? { employmentType: [rng.pick(employment)] } : undefined;
    realistic.push({
      brand,
      input: {
        search: rng.pick(terms),
        location: { lat: place.lat, lon: place.lon, radiusKm: radius },
        facets,
        pageSize: 10,
      },
    });
  }
  const home = (brand: BrandId) => places[brand][0] as Place;
  const repeat = (count: number, make: (index: number) => Workload['requests'][number]) =>
    Array.from({ length: count }, (_, index) => make(index));
  return [
    { name: 'realistic mix (text+radius+facets)', requests: realistic },
    {
      name: 'rare term, newest first',
      requests: repeat(60, (index) => ({
        brand: 'tagblatt',
        input: {
          search: ['Steuerfachangestellte', 'Projektmanager', 'Werkstudent'][index % 3],
          sort: 'publish_date_desc',
          location: { ...home('tagblatt'), radiusKm: 100 },
        },
      })),
    },
    {
      name: 'common term "Mitarbeiter"',
      requests: repeat(60, () => ({
        brand: 'tagblatt',
        input: { search: 'Mitarbeiter', location: { ...home('tagblatt'), radiusKm: 100 } },
      })),
    },
    {
      name: 'common term "m/w/d", no place',
      requests: repeat(60, () => ({ brand: 'tagblatt', input: { search: 'm/w/d' } })),
    },
    {
      name: 'no term, two facets, no place',
      requests: repeat(60, (index) => ({
        brand: 'tagblatt',
        input: {
          facets: {
            employmentType: [employment[index % employment.length] as string],
            remoteOptions: [remote[0] as string],
          },
        },
      })),
    },
    {
      name: 'no term, radius 50 km, facet',
      requests: repeat(60, (index) => ({
        brand: 'tagblatt',
        input: {
          location: { ...(places.tagblatt[index % 20] as Place), radiusKm: 50 },
          facets: { employmentType: [employment[index % employment.length] as string] },
        },
      })),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------------------------------------

interface Figures {
  /** Median latency per search term, slowest first (the realistic mix only). */
  byTerm?: [string, number, number][];
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
  concurrentRps?: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(db: Database, workload: Workload, withConcurrency: boolean): Promise<Figures> {
  const call = (request: Workload['requests'][number]) =>
    engine === 'service'
      ? // The service first, and with no copy in this process: a fallback to SQL would show as seconds.
        searchJobs({ db, input: request.input, locale: 'de', brandId: request.brand, serviceSocket, indexMaxJobs: 0 })
      : searchJobs({ db, input: request.input, locale: 'de', brandId: request.brand, engine });
  // Warm-up: caches of the database and the stem cache of the search, as a running server has them.
  for (const request of workload.requests.slice(0, 30)) await call(request);
  const latencies: number[] = [];
  const perTerm = new Map<string, number[]>();
  for (const request of workload.requests) {
    const begin = performance.now();
    await call(request);
    const elapsed = performance.now() - begin;
    latencies.push(elapsed);
    const term = request.input.search ?? '(none)';
    perTerm.set(term, [...(perTerm.get(term) ?? []), elapsed]);
  }
  latencies.sort((a, b) => a - b);
  const byTerm = [...perTerm]
    .map(([term, times]): [string, number, number] => {
      const sorted = [...times].sort((a, b) => a - b);
      return [term, percentile(sorted, 50), times.length];
    })
    .sort((a, b) => b[1] - a[1]);
  const figures: Figures = {
    byTerm,
    count: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? Number.NaN,
    mean: latencies.reduce((sum, value) => sum + value, 0) / latencies.length,
  };
  if (withConcurrency) {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < workload.requests.length) await call(workload.requests[next++] as Workload['requests'][number]);
      }),
    );
    figures.concurrentRps = workload.requests.length / ((performance.now() - started) / 1000);
  }
  return figures;
}

/** EXPLAIN ANALYZE of the main statement of a few requests, to check which indexes the plans use. */
async function explain(handle: DatabaseHandle, workload: Workload): Promise<void> {
  const plans: string[] = [];
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === 'transaction') {
          return (run: (tx: unknown) => Promise<unknown>) =>
            (object as unknown as Database).transaction((tx) => run(wrap(tx)));
        }
        if (property === 'execute') {
          return async (query: SQL) => {
            const execute = (statement: SQL) => (object as unknown as Database).execute(statement);
            if (new PgDialect().sqlToQuery(query).sql.includes('base as materialized')) {
              const plan = await execute(sql`explain (analyze, costs off) ${query}`);
              plans.push(plan.rows.map((row) => String(Object.values(row)[0])).join('\n'));
            }
            return execute(query);
          };
        }
        return Reflect.get(object, property, receiver) as unknown;
      },
    });
  const db = wrap(handle.db);
  for (const request of workload.requests.slice(0, 1)) {
    await searchJobs({ db, input: request.input, locale: 'de', brandId: request.brand });
    console.log(`\n--- ${handle.dialect}: ${workload.name}: ${JSON.stringify(request.input)}\n${plans.at(-1) ?? ''}`);
  }
}

/** The resident size of a process in MB (Linux /proc). */
const residentMegabytesOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

/** Starts scripts/search-service.mjs on the database and waits until its copy answers. */
async function startService(handle: DatabaseHandle, databaseUrl: string): Promise<ChildProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/search-service.mjs'], {
    // As PM2 starts it (ecosystem.config.cjs).
    env: {
      ...process.env,
      ...environment,
      DATABASE_URL: databaseUrl,
      SEARCH_SERVICE_SOCKET: serviceSocket,
      SITE_URL: 'https://bench.example.de',
      AUTH_SECRET: 'bench-search-service-secret-0123456789abcdef',
      NODE_OPTIONS: searchServiceNodeOptions.join(' '),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const query = {
    filter: await jobFilterOf(handle.db, {}, 'tagblatt'),
    facets: new FacetSelection(jobFacetFields, {}),
    byRank: false,
    page: 1,
    pageSize: 10,
    locale: 'de' as const,
    facetValueLimit: 30,
  };
  let peak = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the search service exited (${child.exitCode})`);
    peak = Math.max(peak, residentMegabytesOf(child.pid!));
    if (await serviceJobEngine(serviceSocket, 60_000).search(query)) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `\npostgres: search service built its copy in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(process start included); resident ${residentMegabytesOf(child.pid!).toFixed(0)} MB, peak while building ≥ ${peak.toFixed(0)} MB`,
  );
  return child;
}

async function run(dialect: 'pglite' | 'postgres') {
  const handle = await openBenchDatabase(dialect, jobCount, values['database-name']);
  let service: ChildProcess | null = null;
  try {
    await prepareBenchDatabase(handle, jobCount);
    if (engine === 'service') {
      const url = new URL(postgresAdminUrl);
      url.pathname = `/${values['database-name'] ?? `jobboard_bench_${jobCount}`}`;
      service = await startService(handle, url.href);
    }
    const loads = await workloads(handle.db);
    if (engine === 'index') {
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const index = await currentJobIndex(handle.db, { wait: true });
      console.log(
        `\n${dialect}: in-memory index of ${index?.size ?? 0} published jobs built in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB`,
      );
    }
    if (values.explain) {
      for (const workload of loads) await explain(handle, workload);
    }
    const rows: [string, Figures][] = [];
    for (const [index, workload] of loads.entries()) {
      rows.push([workload.name, await measure(handle.db, workload, index === 0)]);
    }
    const budget = jobCount >= 1_000_000 ? 60 : dialect === 'pglite' ? 30 : 20;
    console.log(
      `\n${dialect}: ${jobCount} jobs; search service (text, six facet counts, radius, top 10), engine: ${engine}`,
    );
    console.log(
      'workload                                  requests   p50 ms   p95 ms   max ms  mean ms  req/s (' +
        concurrency +
        ')',
    );
    for (const [name, figures] of rows) {
      console.log(
        name.padEnd(42) +
          String(figures.count).padStart(8) +
          figures.p50.toFixed(1).padStart(9) +
          figures.p95.toFixed(1).padStart(9) +
          figures.max.toFixed(1).padStart(9) +
          figures.mean.toFixed(1).padStart(9) +
          (figures.concurrentRps === undefined ? '' : figures.concurrentRps.toFixed(0).padStart(12)),
      );
    }
    const slowest = (rows[0]?.[1].byTerm ?? []).slice(0, 8);
    console.log(
      `slowest terms of the mix (median ms, requests): ${slowest.map(([term, median, count]) => `${term} ${median.toFixed(0)} (${count})`).join(', ')}`,
    );
    const p95 = rows[0]?.[1].p95 ?? Number.NaN;
    console.log(
      `budget: p95 of the realistic mix ≤ ${budget} ms → ${p95.toFixed(1)} ms (${p95 <= budget ? 'met' : 'missed'})`,
    );
    if (service)
      console.log(`search service resident after the rows: ${residentMegabytesOf(service.pid!).toFixed(0)} MB`);
  } finally {
    service?.kill('SIGTERM');
    rmSync(serviceSocket, { force: true });
    await handle.close();
  }
}

for (const dialect of values.dialect === 'both'
  ? (['pglite', 'postgres'] as const)
  : [values.dialect as 'pglite' | 'postgres']) {
  await run(dialect);
}
