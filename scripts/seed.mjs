// Fills the database with realistic demo data: npm run seed -- --jobs 100000 [--organizations 1000] [--seed 42] [--reset]
// Uses DATABASE_URL when set, else the embedded PGlite database in PGLITE_DIR (default ./data/pglite).
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run \`npm run seed\`, which uses Node 24 from node_modules.`,
  );
  process.exit(1);
}

const usage = `Usage: npm run seed -- [options]

  --jobs <n>             job ads to generate (default 5000)
  --organizations <n>    employers (default 300, or one per 100 jobs when that is more)
  --seed <n>             random seed; the same seed gives the same data (default 42)
  --reference-date <iso> "now" for publication dates (default: the current time)
  --batch-size <n>       jobs per insert (default 500)
  --reset                empty all application tables first
  --help                 show this help

Database: DATABASE_URL (PostgreSQL) or PGLITE_DIR (default ./data/pglite).`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      jobs: { type: 'string' },
      organizations: { type: 'string' },
      seed: { type: 'string' },
      'reference-date': { type: 'string' },
      'batch-size': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

/** A non-negative integer option, or the fallback when it is absent. */
function integerOption(name, fallback, minimum) {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    console.error(`--${name} expects an integer of at least ${minimum}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const jobs = integerOption('jobs', 5000, 0);
const organizations = integerOption('organizations', Math.max(300, Math.round(jobs / 100)), 1);
const seed = integerOption('seed', 42, Number.MIN_SAFE_INTEGER);
const batchSize = integerOption('batch-size', 500, 1);
let referenceDate;
if (values['reference-date'] !== undefined) {
  referenceDate = new Date(values['reference-date']);
  if (Number.isNaN(referenceDate.getTime())) {
    console.error(
      `--reference-date expects an ISO date such as 2026-03-01T10:00:00Z, got "${values['reference-date']}"`,
    );
    process.exit(2);
  }
}

const { sql } = await import('drizzle-orm');
const { openDatabase } = await import('../src/server/db/client.ts');
const { migrateDatabase } = await import('../src/server/db/migrate.ts');
const { hasApplicationData, isSeeded, readSeedMarker, seedDatabase } =
  await import('../src/server/seed/seed-database.ts');

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const pgliteDir = process.env.PGLITE_DIR?.trim() || './data/pglite';
const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${pgliteDir}`;

const handle = await openDatabase({ databaseUrl, pgliteDir });
let exitCode = 0;
try {
  await migrateDatabase(handle);
  if (!values.reset && (await isSeeded(handle.db))) {
    const marker = await readSeedMarker(handle.db);
    console.log(
      `${target} already holds demo data (${marker?.jobs ?? '?'} jobs, ${marker?.organizations ?? '?'} organizations, seed ${marker?.seed ?? '?'}, written ${marker?.seededAt ?? '?'}). Use --reset to replace it.`,
    );
  } else if (!values.reset && (await hasApplicationData(handle.db))) {
    // Rows without the marker: someone's data, or an older run's leftovers. Never delete them unasked.
    console.error(`${target} already holds data that is not demo data. Use --reset to delete it and seed.`);
    exitCode = 1;
  } else {
    console.error(
      `Seeding ${target}: ${jobs} jobs, ${organizations} organizations, seed ${seed}${values.reset ? ', after emptying all tables' : ''}`,
    );
    const bar = new cliProgress.SingleBar(
      {
        format: ' {bar} {percentage}% | {value}/{total} | {phase} | {rate}/s | {duration_formatted}',
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    bar.start(organizations + jobs + 2, 0, { phase: 'taxonomies', rate: 0 });
    const summary = await seedDatabase(handle.db, {
      jobs,
      organizations,
      seed,
      referenceDate,
      batchSize,
      truncate: values.reset,
      onProgress: (done, total, phase) => {
        const seconds = (performance.now() - started) / 1000;
        bar.setTotal(total);
        bar.update(done, { phase, rate: Math.round(done / Math.max(seconds, 0.001)) });
      },
    });
    bar.stop();
    // Fresh tables have no statistics (PGlite never runs autovacuum, PostgreSQL only when it is on): without
    // them the search plans are wrong by orders of magnitude. VACUUM sets the visibility map index-only scans
    // need.
    const analyzing = performance.now();
    await handle.db.execute(sql`vacuum analyze`);
    const analyzeSeconds = (performance.now() - analyzing) / 1000;
    const seconds = summary.elapsedMs / 1000;
    const rows = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
    console.log(
      [
        `Seeded ${target} in ${seconds.toFixed(1)} s (reference date ${summary.referenceDate}), vacuum analyze ${analyzeSeconds.toFixed(1)} s:`,
        `  ${summary.jobs} jobs (${Math.round(summary.jobs / Math.max(seconds, 0.001))} jobs/s), ${summary.organizations} organizations`,
        `  ${rows} rows in ${Object.keys(summary.counts).length} tables (${Math.round(rows / Math.max(seconds, 0.001))} rows/s)`,
        ...Object.entries(summary.counts)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([table, count]) => `    ${table.padEnd(32)} ${String(count).padStart(9)}`),
        'Demo accounts (no password yet): recruiter@demo.example, applicant@demo.example, admin@demo.example,',
        '  siteadmin@demo.example, editor@demo.example',
      ].join('\n'),
    );
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  exitCode = 1;
} finally {
  await handle.close();
}
process.exit(exitCode);
