/**
 * Organization search benchmark (issue 15): the search service (full text, the three facet counts,
 * radius, the page of 12) at 10,000 organizations, on PostgreSQL and on PGlite. Budget: p95 ≤ 20 ms on
 * PostgreSQL.
 *
 * Usage: npx tsx bench/organizations/run.ts -- [--organizations 10000] [--dialect both|pglite|postgres]
 *        [--requests 400]
 * Its databases (jobboard_bench_orgs_<n>, data/bench/pglite-orgs-<n>) are seeded on first use with the
 * demo data generator (a few jobs, n organizations). Requests run one after another (the budget is a
 * visitor's latency, not throughput). It measures; it never fails on time.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { isSeeded, seedDatabase } from '../../src/server/seed/seed-database';
import { searchOrganizations, type OrganizationSearchRequest } from '../../src/server/search';
import { openBenchDatabase } from '../support/bench-database';
import { random } from '../support/random';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    organizations: { type: 'string', default: '10000' },
    dialect: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '400' },
  },
});
const organizationCount = Number(values.organizations);
const requests = Math.max(100, Number(values.requests));
const budgetMs = 20;

const terms = ['Klinik', 'Stadtwerke', 'Bäckerei', 'Software', 'Pflege', 'Bau', 'Logistik', 'Handel', 'Bank', 'Schule'];

async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  if (!(await isSeeded(handle.db))) {
    const started = Date.now();
    await seedDatabase(handle.db, { jobs: 2000, organizations: organizationCount, seed: 42, truncate: true });
    process.stderr.write(
      `  seeded ${organizationCount} organizations in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
  }
  for (const table of [
    'organizations',
    'organization_locations',
    'organization_industries',
    'organization_occupations',
    'organization_fields_of_study',
  ]) {
    await handle.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

async function workload(handle: DatabaseHandle): Promise<{ kind: string; request: OrganizationSearchRequest }[]> {
  const termIds = async (table: string) =>
    (
      await handle.db.execute<{ id: number }>(sql.raw(`select distinct term_id as id from ${table} order by 1`))
    ).rows.map((row) => String(row.id));
  const industries = await termIds('organization_industries');
  const occupations = await termIds('organization_occupations');
  const studies = await termIds('organization_fields_of_study');
  const places = (
    await handle.db.execute<{ lat: number; lon: number }>(
      sql`select latitude as lat, longitude as lon from organizations where latitude is not null order by id limit 200`,
    )
  ).rows;
  const rng = random(7);
  const place = () => {
    const { lat, lon } = rng.pick(places);
    return { lat: Number(lat), lon: Number(lon), radiusKm: 25, locationType: 'city' as const };
  };
  const kinds: [string, () => OrganizationSearchRequest][] = [
    ['all, page 1', () => ({})],
    ['all, page 5', () => ({ page: 5 })],
    ['text', () => ({ search: rng.pick(terms) })],
    ['industry', () => ({ facets: { industry: [rng.pick(industries)] } })],
    ['place 25 km', () => ({ location: place() })],
    [
      'place + industry + occupation',
      () => ({ location: place(), facets: { industry: [rng.pick(industries)], occupations: [rng.pick(occupations)] } }),
    ],
    [
      'text + 2 industries + study',
      () => ({
        search: rng.pick(terms),
        facets: { industry: [rng.pick(industries), rng.pick(industries)], fieldsOfStudy: [rng.pick(studies)] },
      }),
    ],
  ];
  return Array.from({ length: requests }, (_, index) => {
    const [kind, make] = kinds[index % kinds.length]!;
    return { kind, request: { page: 1, pageSize: 12, ...make() } };
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function open(dialect: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  if (dialect === 'postgres')
    return openBenchDatabase(dialect, organizationCount, `jobboard_bench_orgs_${organizationCount}`);
  mkdirSync('data/bench', { recursive: true });
  return openDatabase({ pgliteDir: `data/bench/pglite-orgs-${organizationCount}` });
}

async function runOn(handle: DatabaseHandle, dialect: string): Promise<void> {
  try {
    await prepare(handle);
    const [{ count }] = (
      await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from organizations`)
    ).rows as [{ count: number }];
    const jobs = await workload(handle);
    // Warm-up: stems cache, plans, buffers.
    for (const { request } of jobs.slice(0, 30)) {
      await searchOrganizations({ db: handle.db, input: request, locale: 'de', brandId: 'tagblatt' });
    }
    const byKind = new Map<string, number[]>();
    const all: number[] = [];
    for (const { kind, request } of jobs) {
      const started = performance.now();
      await searchOrganizations({ db: handle.db, input: request, locale: 'de', brandId: 'tagblatt' });
      const ms = performance.now() - started;
      all.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    }
    const line = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return `${name.padEnd(32)} ${String(times.length).padStart(5)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${sorted.at(-1)!.toFixed(1).padStart(8)}`;
    };
    console.log(`\n${dialect}: ${count} organizations`);
    console.log(
      `${'workload'.padEnd(32)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const [kind, times] of byKind) console.log(line(kind, times));
    console.log(line('all', all));
    const p95 = percentile(
      [...all].sort((a, b) => a - b),
      95,
    );
    console.log(`budget (PostgreSQL): p95 ≤ ${budgetMs} ms → ${p95.toFixed(1)} ms on ${dialect}`);
  } finally {
    await handle.close();
  }
}

for (const dialect of values.dialect === 'both'
  ? (['postgres', 'pglite'] as const)
  : [values.dialect as 'pglite' | 'postgres']) {
  await runOn(await open(dialect), dialect);
}
