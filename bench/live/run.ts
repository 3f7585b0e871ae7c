/**
 * "Live in search" benchmark (issue 13 item 7): at a realistic size, on PGlite and on PostgreSQL, how long a
 * published job takes to be found by the search (publish → visible, p95 budget 5 s), and the search's
 * latency while jobs are being edited (10 per second by default) next to the same searches without edits.
 * The searches go through `searchJobs` as the site calls it (engine `auto`: the in-memory index of decision
 * 0008 while it is current, caught up with each write through migration 0010's change list, else SQL).
 *
 * Usage: npx tsx bench/live/run.ts -- [--jobs 100000] [--dialect both|pglite|postgres] [--seconds 20]
 *        [--edits 10] [--concurrency 4] [--database <postgres database name>]
 * PostgreSQL: the database named by --database (default jobboard_live_<jobs>), seeded when empty; PGlite:
 * data/bench/pglite-<jobs> (bench/support/bench-database.ts), seeded when empty. It writes to them (edited
 * titles, new published jobs): never point it at a database whose data matters. It measures; it never
 * fails on time.
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema/jobs';
import { searchJobs, type JobSearchRequest } from '../../src/server/search';
import { currentJobIndex } from '../../src/server/search/job-index';
import { createJob } from '../../tests/support/factories';
import { openBenchDatabase, prepareBenchDatabase } from '../support/bench-database';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    jobs: { type: 'string', default: '100000' },
    dialect: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '20' },
    edits: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    database: { type: 'string' },
  },
});
const jobCount = Number(values.jobs);
const seconds = Number(values.seconds);
const editsPerSecond = Number(values.edits);
const concurrency = Number(values.concurrency);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const format = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
  return `n=${sorted.length} p50 ${format(percentile(sorted, 50))} ms, p95 ${format(percentile(sorted, 95))} ms, max ${format(sorted.at(-1) ?? Number.NaN)} ms`;
};

/** Searches visitors make: words, a place with a radius, facets (a fixed list, taken in turn). */
const requests: JobSearchRequest[] = [
  { search: 'Pflege' },
  { search: 'Software Entwickler' },
  { search: 'Verkäufer', location: { lat: 48.7758, lon: 9.1829, radiusKm: 50 } },
  { location: { lat: 48.5216, lon: 9.0576, radiusKm: 25 } },
  { search: 'Ausbildung' },
  { search: 'Kaufmann', sort: 'publish_date_desc' },
  {},
  { search: 'Elektriker', location: { lat: 47.999, lon: 7.8421, radiusKm: 30 } },
];

/** Runs searches on `concurrency` clients until `until`; their latencies. */
async function searchLoad(handle: DatabaseHandle, until: number): Promise<number[]> {
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const input = requests[next++ % requests.length]!;
        const started = performance.now();
        await searchJobs({ db: handle.db, input, locale: 'de', brandId: 'tagblatt', engine: 'auto' });
        samples.push(performance.now() - started);
        // As requests arriving over sockets do: let the event loop turn (PGlite answers within microtasks,
        // and four clients chaining them would starve the timers of the writers).
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  return samples;
}

/** A word no job has, per published job: `qxbench` and letters for the number. */
const markerOf = (run: number, n: number) =>
  `qxbench${run.toString(36)}z${n
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('')}`;

async function bench(dialect: 'pglite' | 'postgres'): Promise<void> {
  const handle = await openBenchDatabase(dialect, jobCount, values.database ?? `jobboard_live_${jobCount}`);
  try {
    await prepareBenchDatabase(handle, jobCount);
    const { db } = handle;
    const published = await db.execute<{ id: number; organization_id: number; title: string }>(
      sql`select id, organization_id, title from jobs where state = 'published' and frontend = 'tagblatt'
        and (expires_at is null or expires_at > now()) order by id`,
    );
    const targets = published.rows.map((row) => ({ ...row, id: Number(row.id) }));
    console.log(`${dialect}: ${targets.length} open tagblatt jobs (of ${jobCount})`);

    // A full build: what every write cost before the index caught up incrementally (decision 0008).
    const started = performance.now();
    const built = await currentJobIndex(db, { wait: true });
    console.log(
      `  full index build: ${((performance.now() - started) / 1000).toFixed(1)} s (${built?.size ?? 0} jobs)`,
    );

    // Without writes.
    const quiet = await searchLoad(handle, Date.now() + (seconds * 1000) / 2);
    console.log(`  search, no edits (${concurrency} clients):       ${summary(quiet)}`);

    // With `editsPerSecond` title edits a second and a new job published each second, searched for until found.
    const until = Date.now() + seconds * 1000;
    const run = Date.now() % 1_000_000;
    let edits = 0;
    const editing = (async () => {
      const interval = 1000 / editsPerSecond;
      for (let at = Date.now(); at < until; at += interval) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
        const target = targets[(edits * 7919) % targets.length]!;
        const title = edits % 2 === 0 ? `${target.title} – neu` : target.title;
        await db.update(jobs).set({ title }).where(eq(jobs.id, target.id));
        edits += 1;
      }
    })();
    const visible: number[] = [];
    const writes: number[] = [];
    const publishing = (async () => {
      for (let n = 0; Date.now() < until - 1000; n++) {
        const marker = markerOf(run, n);
        const source = targets[(n * 104729) % targets.length]!;
        const publishedAt = performance.now();
        await createJob(db, {
          organization: { id: source.organization_id },
          title: `${marker} Fachkraft (m/w/d)`,
          publishedAt: new Date(Date.now() - 1000),
          locations: [{ latitude: 48.7758, longitude: 9.1829, locality: 'Stuttgart', countryCode: 'DE' }],
        });
        writes.push(performance.now() - publishedAt);
        for (;;) {
          const result = await searchJobs({
            db,
            input: { search: marker },
            locale: 'de',
            brandId: 'tagblatt',
            engine: 'auto',
          });
          if (result.total > 0) break;
          if (performance.now() - publishedAt > 30_000) throw new Error(`${marker} not found within 30 s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        visible.push(performance.now() - publishedAt);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const busy = await searchLoad(handle, until);
    await Promise.all([editing, publishing]);
    console.log(`  search, ${(edits / seconds).toFixed(1)} edits/s (${concurrency} clients): ${summary(busy)}`);
    console.log(`  publish → visible in search:          ${summary(visible)}`);
    console.log(`    of which the publishing write itself: ${summary(writes)}`);
    const index = await currentJobIndex(db);
    if (index) {
      console.log(
        `  index: ${index.size - index.ordered} documents appended, ${index.removedCount} replaced since its build`,
      );
    }
  } finally {
    await handle.close();
  }
}

for (const dialect of values.dialect === 'both'
  ? (['postgres', 'pglite'] as const)
  : [values.dialect as 'pglite' | 'postgres']) {
  await bench(dialect);
}
process.exit(0);
