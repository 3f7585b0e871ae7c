/**
 * The similar jobs below every job page, from the database (the path a board takes when the in-memory
 * index is off: above SEARCH_INDEX_MAX_JOBS, e.g. at a million jobs), over random published jobs one after
 * the other. Prints the latency percentiles; it measures, never fails on time.
 *
 * Usage: npx tsx bench/similar-jobs/run.ts -- --database-url postgres://…/jobboard_bench_http_1000000 [--jobs 200]
 * (a database made by `npm run seed` or bench/scale/multiply.mjs).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { listSimilarJobs } from '../../src/server/modules/jobs/list-similar-jobs';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { 'database-url': { type: 'string' }, jobs: { type: 'string', default: '200' } },
});
if (!values['database-url']) {
  console.error('Usage: npx tsx bench/similar-jobs/run.ts -- --database-url <postgres url> [--jobs 200]');
  process.exit(2);
}
const handle = await openDatabase({ databaseUrl: values['database-url'] });
const { db } = handle;
const { rows } = await db.execute<{ id: number; frontend: string; total: number }>(
  sql`select id, frontend, (select count(*) from jobs) as total from jobs where state = 'published' order by random() limit ${Number(values.jobs)}`,
);
const times: number[] = [];
let listed = 0;
for (const row of rows) {
  const started = performance.now();
  const similar = await listSimilarJobs({
    db,
    brandId: row.frontend,
    input: { jobId: Number(row.id), limit: 4 },
    engine: 'database',
  });
  times.push(performance.now() - started);
  listed += similar.length;
}
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.floor(share * (times.length - 1))]!.toFixed(1);
console.log(
  `similar jobs from the database, ${rows[0]?.total ?? 0} jobs, ${times.length} job pages one after another ` +
    `(${(listed / Math.max(1, times.length)).toFixed(1)} similar each): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
    `p99 ${at(0.99)} ms, max ${at(1)} ms`,
);
await handle.close();
