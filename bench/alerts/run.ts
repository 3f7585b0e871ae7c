/**
 * Job alert digest benchmark (issue 14): one run of the job runner's digest task (sendJobAlertDigests) for
 * 10,000 due daily alerts over a board of 100,000 jobs, on PostgreSQL and on PGlite. Budget: ≤ 60 s on
 * PostgreSQL.
 *
 * Usage: npx tsx bench/alerts/run.ts -- [--jobs 100000] [--pglite-jobs 100000] [--alerts 10000]
 *        [--dialect both|pglite|postgres] [--concurrency 32] [--engine database|index|auto] [--smtp]
 *
 * The board is the demo data (src/server/seed) in a database of its own (PostgreSQL alerts_bench_<jobs>,
 * PGlite data/bench/alerts-pglite-<jobs>), seeded when empty. Each run deletes the alerts and digests and
 * creates `--alerts` confirmed daily alerts, due now, whose last digest was a day ago: the digest of each is
 * the jobs its search finds among those published in the last day. The searches mix what visitors save:
 * a keyword, a keyword around a place (25 or 50 km), a place alone, a keyword with an employment type; the
 * keywords, places and brands come from the seeded board.
 *
 * The mails are built completely (texts, links, signed unsubscribe headers) and handed to a transport that
 * keeps them in memory; `--smtp` hands them to a real SMTP server on loopback instead over pooled
 * connections, as the product's digest run sends them), which measures the mail delivery as well.
 * It measures; it never fails on time.
 */
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { DatabaseHandle } from '../../src/server/db/client';
import { jobAlerts, type SavedJobSearch } from '../../src/server/db/schema/alerts';
import { digestConcurrency } from '../../src/server/job-runner/job-alert-digests';
import { openMailBatch, type MailMessage } from '../../src/server/mail/send-mail';
import { sendJobAlertDigests } from '../../src/server/modules/job-alerts/send-job-alert-digests';
import { openBenchDatabase, prepareBenchDatabase } from '../support/bench-database';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    jobs: { type: 'string', default: '100000' },
    'pglite-jobs': { type: 'string' },
    alerts: { type: 'string', default: '10000' },
    dialect: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: String(digestConcurrency) },
    smtp: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'database' },
  },
});
const alertCount = Number(values.alerts);
const concurrency = Number(values.concurrency);
/** `database`: the SQL engine for every search; `index`: the in-memory index (built first, in the run's time). */
const engine = values.engine === 'index' ? 'index' : values.engine === 'auto' ? 'auto' : 'database';
const secret = new TextEncoder().encode('bench-secret-0123456789abcdefghijklmnop');
const day = 86_400_000;

/** Deterministic pseudo-random numbers (mulberry32), so both databases get the same alerts. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const keywords = [
  'Pflege',
  'Verkauf',
  'Lager',
  'Koch',
  'Elektriker',
  'Erzieher',
  'Buchhaltung',
  'Software',
  'Ingenieur',
  'Fahrer',
  'Vertrieb',
  'Reinigung',
  'Service',
  'Mechaniker',
  'Marketing',
  'Projektleiter',
  'Sachbearbeiter',
  'Logistik',
  'Kundenberater',
  'Teamleiter',
];

async function alertsFor(handle: DatabaseHandle, count: number, now: Date) {
  const { db } = handle;
  const brands = (
    await db.execute<{ frontend: string; jobs: number }>(
      sql`select frontend, count(*)::int as jobs from jobs where state = 'published' group by frontend`,
    )
  ).rows;
  const places = new Map<string, { lat: number; lon: number; label: string }[]>();
  for (const { frontend } of brands) {
    const rows = await db.execute<{ lat: number; lon: number; label: string }>(sql`
      select distinct on (l.locality) l.latitude as lat, l.longitude as lon, l.locality as label
      from job_locations l join jobs j on j.id = l.job_id
      where j.frontend = ${frontend} and l.locality is not null and l.latitude is not null
      order by l.locality limit 200`);
    places.set(frontend, rows.rows);
  }
  const employmentTypes = (
    await db.execute<{ id: number }>(sql`select id from taxonomy_terms where vocabulary = 'employment_type'`)
  ).rows.map((row) => String(row.id));
  const total = brands.reduce((sum, brand) => sum + brand.jobs, 0);
  const next = random(14);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const since = new Date(now.getTime() - day);
  return Array.from({ length: count }, (_, index) => {
    // Brands in proportion to their jobs.
    let draw = next() * total;
    const brand = brands.find((candidate) => (draw -= candidate.jobs) < 0) ?? brands[0]!;
    const place = pick(places.get(brand.frontend) ?? []);
    const kind = next();
    const search: SavedJobSearch =
      kind < 0.35
        ? { search: pick(keywords) }
        : kind < 0.7 && place
          ? { search: pick(keywords), location: { lat: place.lat, lon: place.lon, radius: next() < 0.5 ? 25 : 50 } }
          : kind < 0.85 && place
            ? { location: { lat: place.lat, lon: place.lon, radius: 25 } }
            : { search: pick(keywords), facets: [{ field: 'employmentType', values: [pick(employmentTypes)] }] };
    return {
      frontend: brand.frontend as 'tagblatt',
      email: `bench-${index}@example.test`,
      locale: 'de',
      search,
      label: `Suche ${index}`,
      searchPath: '/jobs',
      intervalSeconds: 86_400,
      tokenKey: `bench-${index}`,
      confirmedAt: since,
      windowStart: since,
      nextDigestAt: new Date(now.getTime() - 60_000),
    };
  });
}

async function startSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS per connection: the machine may have no resolver to ask.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as { port: number };
  // The product's sender of the digests: pooled connections (src/server/mail/send-mail.ts).
  const batch = openMailBatch(concurrency, `smtp://127.0.0.1:${port}`);
  return {
    send: batch.send,
    received: () => received,
    stop: () => {
      batch.close();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function bench(dialect: 'pglite' | 'postgres', jobCount: number) {
  // Databases of their own: this benchmark writes.
  const database =
    dialect === 'pglite'
      ? await openPglite(jobCount)
      : await openBenchDatabase(dialect, jobCount, `alerts_bench_${jobCount}`);
  await prepareBenchDatabase(database, jobCount);
  const { db } = database;
  await db.execute(sql`delete from job_alert_digests`);
  await db.execute(sql`delete from job_alerts`);
  const now = new Date((await db.execute<{ now: string }>(sql`select now() as now`)).rows[0]!.now);
  const rows = await alertsFor(database, alertCount, now);
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(jobAlerts).values(rows.slice(start, start + 1000));
  }
  await db.execute(sql`analyze job_alerts`);
  const newJobs = Number(
    (
      await db.execute<{ count: number }>(
        sql`select count(*)::int as count from jobs where state = 'published' and published_at > ${new Date(now.getTime() - day).toISOString()}::timestamptz and published_at <= now()`,
      )
    ).rows[0]?.count ?? 0,
  );

  const smtp = values.smtp ? await startSmtp() : null;
  let built = 0;
  let listed = 0;
  const send =
    smtp?.send ??
    ((message: MailMessage) => {
      built += 1;
      listed += (message.text.match(/^- /gm) ?? []).length;
      return Promise.resolve();
    });
  const started = performance.now();
  const result = await sendJobAlertDigests({
    db,
    secret,
    now,
    concurrency: dialect === 'pglite' ? 1 : concurrency,
    send,
    engine,
  });
  const seconds = (performance.now() - started) / 1000;
  await smtp?.stop();
  await database.close();
  return { dialect, jobCount, newJobs, seconds, result, built: smtp ? smtp.received() : built, listed };
}

async function openPglite(jobCount: number): Promise<DatabaseHandle> {
  const { openDatabase } = await import('../../src/server/db/client');
  const { mkdirSync } = await import('node:fs');
  mkdirSync('data/bench', { recursive: true });
  return openDatabase({ pgliteDir: `data/bench/alerts-pglite-${jobCount}` });
}

const runs: Awaited<ReturnType<typeof bench>>[] = [];
if (values.dialect !== 'pglite') runs.push(await bench('postgres', Number(values.jobs)));
if (values.dialect !== 'postgres') runs.push(await bench('pglite', Number(values['pglite-jobs'] ?? values.jobs)));

console.log(
  `\nJob alert digests: ${alertCount} due daily alerts, one run (budget ≤ 60 s on PostgreSQL for 10,000 over 100,000 jobs)` +
    `${values.smtp ? ', mails delivered over SMTP on loopback' : ', mails built and kept in memory'}, search engine: ${engine}\n`,
);
console.log(
  '| Database   |    Jobs | New in the window | Digests sent | Empty | Failed | Jobs listed | Run (s) | ms per alert |',
);
console.log(
  '| ---------- | ------: | ----------------: | -----------: | ----: | -----: | ----------: | ------: | -----------: |',
);
for (const run of runs) {
  const { result } = run;
  console.log(
    `| ${run.dialect.padEnd(10)} | ${String(run.jobCount).padStart(7)} | ${String(run.newJobs).padStart(17)} | ${String(
      result.sent,
    ).padStart(12)} | ${String(result.empty).padStart(5)} | ${String(result.failed).padStart(6)} | ${String(
      run.listed,
    ).padStart(
      11,
    )} | ${run.seconds.toFixed(1).padStart(7)} | ${((run.seconds * 1000) / alertCount).toFixed(2).padStart(12)} |`,
  );
}
