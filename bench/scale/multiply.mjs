// The fast way to a very large PostgreSQL bench database: copy a seeded one and multiply its jobs in SQL.
//
//   npx node bench/scale/multiply.mjs --from jobboard_scale_100000 --to jobboard_scale_1000000 --factor 10
//
// `npm run seed -- --jobs 1000000` generates every job in JavaScript and inserts it through Drizzle: about
// 240–700 jobs/s on this 2-core machine (most of it the generator), 25–70 minutes for a million. This script
// takes a database seeded with `npm run seed` (e.g. 100,000 jobs, about 2.5 minutes), clones it
// (CREATE DATABASE … TEMPLATE) and inserts each job `factor - 1` more times under new ids with its
// locations, terms and path, all inside PostgreSQL: the plain indexes of those tables are dropped first and
// built again after loading (one sorted build instead of a million GIN and GiST insertions), foreign-key
// and revision triggers are skipped during the copy (session_replication_role = replica; the copies refer to
// rows that exist) and the search revision is bumped once at the end. Each copy is published up to `factor`
// hours earlier than its original (so the date order interleaves them), with the same expiry.
//
// The copies repeat titles and texts, so a word matches `factor` times as many jobs: the search's work per
// request grows as on a real board of that size, and its vocabulary does not (decision 0008's index holds
// as many lexemes as at the original size).
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    factor: { type: 'string', default: '10' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
if (!values.from || !values.to || !/^[a-z0-9_]+$/.test(values.from) || !/^[a-z0-9_]+$/.test(values.to)) {
  console.error('Usage: node bench/scale/multiply.mjs --from <seeded database> --to <new database> [--factor 10]');
  process.exit(2);
}
const factor = Number(values.factor);
if (!Number.isInteger(factor) || factor < 2) {
  console.error('--factor expects a whole number of at least 2');
  process.exit(2);
}

const databaseUrl = (name) => {
  const url = new URL(values.server);
  url.pathname = `/${name}`;
  return url.href;
};
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0).padStart(5);

const admin = new pg.Client({ connectionString: values.server });
await admin.connect();
await admin.query(`CREATE DATABASE ${values.to} TEMPLATE ${values.from}`);
await admin.end();
console.log(`${seconds()} s  cloned ${values.from} into ${values.to}`);

const client = new pg.Client({ connectionString: databaseUrl(values.to) });
await client.connect();
const step = async (label, statement) => {
  const result = await client.query(statement);
  console.log(`${seconds()} s  ${label}${result.rowCount ? ` (${result.rowCount} rows)` : ''}`);
  return result;
};

/** Columns of a table that an INSERT may name (not generated), with `id` first when there is one. */
async function columnsOf(table) {
  const { rows } = await client.query(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

const linkTables = [
  'job_employment_types',
  'job_occupational_fields',
  'job_fields_of_study',
  'job_languages',
  'job_skills',
];
// The similar jobs' walk table (migration 0024), kept by triggers that the copy skips: copied like the rest.
const { rows: walkTable } = await client.query(`select to_regclass('public.job_similar_places') as name`);
const derivedTables = walkTable[0].name ? ['job_similar_places'] : [];
const tables = ['jobs', 'job_locations', ...linkTables, 'path_aliases', ...derivedTables];

await client.query('BEGIN');
await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
await client.query(`SET LOCAL session_replication_role = replica`);
// Plain indexes only: primary keys and unique constraints stay (they are checked while inserting).
const { rows: indexes } = await client.query(
  `select i.indexname, i.indexdef from pg_indexes i
   where i.schemaname = 'public' and i.tablename = any($1)
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  [tables],
);
for (const { indexname } of indexes) await client.query(`DROP INDEX "${indexname}"`);
console.log(`${seconds()} s  dropped ${indexes.length} indexes`);

const { rows: bounds } = await client.query('select max(id) as max from jobs');
const offset = Number(bounds[0].max);
const copies = `generate_series(1, ${factor - 1}) as k`;

const jobColumns = (await columnsOf('jobs')).filter((column) => column !== 'id');
await step(
  `jobs × ${factor}`,
  `insert into jobs (id, ${jobColumns.join(', ')})
   select j.id + k * ${offset}, ${jobColumns
     .map((column) => (column === 'published_at' ? `j.published_at - k * interval '1 hour'` : `j.${column}`))
     .join(', ')}
   from jobs j cross join ${copies} where j.id <= ${offset}`,
);
const locationColumns = (await columnsOf('job_locations')).filter((column) => column !== 'id' && column !== 'job_id');
await step(
  'job_locations',
  `insert into job_locations (job_id, ${locationColumns.join(', ')})
   select l.job_id + k * ${offset}, ${locationColumns.map((column) => `l.${column}`).join(', ')}
   from job_locations l cross join ${copies} where l.job_id <= ${offset}`,
);
for (const table of linkTables) {
  await step(
    table,
    `insert into ${table} (job_id, term_id) select x.job_id + k * ${offset}, x.term_id
     from ${table} x cross join ${copies} where x.job_id <= ${offset}`,
  );
}
await step(
  'path_aliases',
  `insert into path_aliases (path, target_kind, target_id, language)
   select regexp_replace(a.path, '-[0-9]+$', '-' || (a.target_id + k * ${offset})), a.target_kind,
     a.target_id + k * ${offset}, a.language
   from path_aliases a cross join ${copies} where a.target_kind = 'Job' and a.target_id <= ${offset}`,
);
for (const table of derivedTables) {
  const columns = (await columnsOf(table)).filter((column) => column !== 'job_id');
  await step(
    table,
    `insert into ${table} (job_id, ${columns.join(', ')})
     select x.job_id + k * ${offset}, ${columns.map((column) => `x.${column}`).join(', ')}
     from ${table} x cross join ${copies} where x.job_id <= ${offset}`,
  );
}
await client.query(`select setval('jobs_id_seq', (select max(id) from jobs))`);
await client.query(`update search_revision set revision = revision + 1`);
await client.query(
  `update app_config set value = jsonb_set(value::jsonb, '{jobs}', to_jsonb((select count(*) from jobs)))::text
   where name = 'system' and key = 'demo_seed'`,
);
for (const { indexname, indexdef } of indexes) await step(`index ${indexname}`, indexdef);
await client.query('COMMIT');
for (const table of tables) await client.query(`VACUUM ANALYZE ${table}`);
console.log(`${seconds()} s  vacuum analyze`);
const { rows: sizes } = await client.query(
  `select (select count(*) from jobs) as jobs, pg_size_pretty(pg_database_size(current_database())) as size`,
);
console.log(`${seconds()} s  done: ${sizes[0].jobs} jobs, ${sizes[0].size}`);
await client.end();
