import { sql } from 'drizzle-orm';
import { brands } from './brands';
import { openBenchDatabase } from './bench/support/bench-database';
import { jobSearchRequestSchema, searchJobs } from './src/server/search';
const handle = await openBenchDatabase('postgres', 100000, 'alerts_bench_100000');
const { db } = handle;
const alerts = (await db.execute<{ frontend: string; search: any }>(sql`select frontend, search from job_alerts order by id limit 400`)).rows;
const now = new Date();
const after = new Date(now.getTime() - 86400000);
let t = performance.now();
const kinds: Record<string, number[]> = {};
for (const alert of alerts) {
  const brand = (brands as any)[alert.frontend];
  const request = jobSearchRequestSchema(brand.constants.geo).parse({ ...alert.search, sort: 'publish_date_desc', pageSize: 20 });
  const s = performance.now();
  await searchJobs({ db, input: { ...request, published: { after, until: now } }, locale: 'de', brandId: brand.id, engine: 'database' });
  const kind = (alert.search.search ? 'kw' : '') + (alert.search.location ? '+loc' : '') + (alert.search.facets ? '+facet' : '');
  (kinds[kind] ??= []).push(performance.now() - s);
}
console.log('400 searches', ((performance.now() - t) / 1000).toFixed(1), 's');
for (const [k, v] of Object.entries(kinds)) console.log(k, v.length, (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1), 'ms avg', Math.max(...v).toFixed(0), 'max');
await handle.close();
