/**
 * Resume search benchmark (issue 17: p95 ≤ 20 ms at 50,000 resumes on PostgreSQL; PGlite reported): the
 * resume search of the one search engine (full text + all six facet counts + radius + page of 10, then the
 * teasers) over a throw-away database of each dialect filled with `--resumes` visible resumes.
 *
 * Usage: npx tsx bench/resume-search/run.ts -- [--resumes 50000] [--dialect both|pglite|postgres] [--requests 300]
 * It measures; it never fails on time.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { brands } from '../../brands';
import { createTestDatabase, type TestDialect } from '../../src/server/db/testing';
import { searchResumes } from '../../src/server/modules/resumes/search-resumes';
import { resumeFacetFields } from '../../src/server/db/schema/resumes';
import { FacetSelection } from '../../src/server/search/facets';
import { resumeStatement } from '../../src/server/search/sql-resume-engine';
import { buildTextQuery } from '../../src/server/search/text-query';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    resumes: { type: 'string', default: '50000' },
    dialect: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '300' },
    explain: { type: 'boolean', default: false },
  },
});
const resumeCount = Number(values.resumes);
const requests = Number(values.requests);
const dialects: TestDialect[] = values.dialect === 'both' ? ['postgres', 'pglite'] : [values.dialect as TestDialect];

const titles = [
  'Kotlin Entwickler',
  'Pflegefachkraft',
  'Buchhalterin',
  'Elektriker',
  'Vertriebsleiter',
  'Koch',
  'Lagerist',
  'Projektmanagerin',
  'Data Scientist',
  'Erzieherin',
];
const skills = [
  'Kotlin',
  'Java',
  'SQL',
  'Excel',
  'SAP',
  'Docker',
  'Pflege',
  'Buchhaltung',
  'Führerschein B',
  'Staplerschein',
  'Python',
  'React',
  'Vertrieb',
  'Kochen',
  'Englisch verhandlungssicher',
  'Projektmanagement',
  'Elektrotechnik',
  'Pädagogik',
  'Kundenservice',
  'Marketing',
];
const occupations = ['IT', 'Gesundheit', 'Finanzen', 'Handwerk', 'Vertrieb', 'Gastronomie', 'Logistik', 'Bildung'];
const fields = ['Informatik', 'BWL', 'Pflegewissenschaft', 'Elektrotechnik', 'Pädagogik', 'Maschinenbau'];
const regions = [
  'Baden-Württemberg',
  'Bayern',
  'Hessen',
  'Nordrhein-Westfalen',
  'Berlin',
  'Hamburg',
  'Sachsen',
  'Niedersachsen',
];
const careers = ['student', 'graduate', 'professional', 'manager', 'executive', 'returner'];
const languages = ['de', 'en', 'fr', 'es', 'it', 'pl', 'tr'];
const literal = (list: string[]) =>
  sql.raw(`array[${list.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`);

async function fill(db: Awaited<ReturnType<typeof createTestDatabase>>['handle']['db']) {
  await db.execute(
    sql`insert into users (email) select 'bench-' || g || '@example.test' from generate_series(1, ${resumeCount}) g`,
  );
  await db.execute(sql`
    insert into resumes (user_id, frontend, visible, title, search_text, region, latitude, longitude, job_preferences, skills, languages)
    select u.id, 'jobregio', true,
      (${literal(titles)})[1 + u.id % 10] || ' ' || u.id,
      (${literal(occupations)})[1 + u.id % 8] || ' ' || (${literal(skills)})[1 + u.id % 20] || ' ' || (${literal(skills)})[1 + (u.id / 3) % 20],
      (${literal(regions)})[1 + u.id % 8],
      47.5 + (u.id::bigint * 7919 % 5000) / 1000.0, 6.5 + (u.id::bigint * 104729 % 8000) / 1000.0,
      jsonb_build_object('title', (${literal(titles)})[1 + u.id % 10], 'careerStatus', (${literal(careers)})[1 + u.id % 6],
        'desiredOccupation', (${literal(occupations)})[1 + u.id % 8], 'employmentType', '[]'::jsonb, 'availabilityPeriods', '[]'::jsonb),
      jsonb_build_object('skills', jsonb_build_array((${literal(skills)})[1 + u.id % 20], (${literal(skills)})[1 + (u.id / 3) % 20])),
      jsonb_build_object('languages', jsonb_build_array('de', (${literal(languages)})[1 + u.id % 7]))
    from users u where u.email like 'bench-%'`);
  const terms: [string, string[]][] = [
    ['careerStatus', careers],
    ['languages', languages],
    ['skills', skills],
    ['occupations', occupations],
    ['region', regions],
    ['fieldOfStudy', fields],
  ];
  for (const [field, list] of terms) {
    await db.execute(
      sql`insert into resume_facet_terms (field, value) select ${field}, v from unnest(${literal(list)}) v on conflict do nothing`,
    );
  }
  await db.execute(sql`
    insert into resume_facet_links (resume_id, term_id, field)
    select r.id, t.id, t.field from resumes r join resume_facet_terms t on
      (t.field = 'careerStatus' and t.value = r.job_preferences->>'careerStatus')
      or (t.field = 'region' and t.value = r.region)
      or (t.field = 'occupations' and t.value = r.job_preferences->>'desiredOccupation')
      or (t.field = 'skills' and r.skills->'skills' ? t.value)
      or (t.field = 'languages' and r.languages->'languages' ? t.value)
      or (t.field = 'fieldOfStudy' and t.value = (${literal(fields)})[1 + r.id % 6])
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze`);
}

const workload = [
  { search: 'kotlin' },
  { search: 'pflege', place: 'Freiburg im Breisgau' },
  { place: 'München', radius: 50 },
  { search: 'sap excel' },
  {},
  { place: 'Bayern' },
  { search: 'entwickler', place: 'Stuttgart', radius: 100 },
  { search: 'projektmanagement', page: 3 },
];

for (const dialect of dialects) {
  const database = await createTestDatabase(dialect);
  const { db } = database.handle;
  const started = performance.now();
  await fill(db);
  console.log(`${dialect}: ${resumeCount} resumes filled in ${Math.round(performance.now() - started)} ms`);
  const viewer = { userId: 1, roles: ['recruiter' as const] };
  if (values.explain) {
    for (const search of [null, 'kotlin']) {
      const statement = resumeStatement({
        filter: { brandId: 'jobregio', text: search ? await buildTextQuery(db, search) : null, location: null },
        facets: new FacetSelection(resumeFacetFields, {}),
        byRank: search !== null,
        page: 1,
        pageSize: 10,
        locale: 'de',
        facetValueLimit: 100,
      });
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${statement}`);
      console.log(`--- ${search ?? '(all)'}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }
  // A facet selection from the first answer, as a recruiter clicks it.
  const first = await searchResumes({ db, viewer, brand: brands.jobregio, locale: 'de', input: {} });
  const skillValue = first.facets.find((facet) => facet.field === 'skills')?.values[0]?.value;
  const inputs = [...workload, { search: 'kotlin', facets: [{ field: 'skills', values: [skillValue] }] }];
  for (const input of inputs) await searchResumes({ db, viewer, brand: brands.jobregio, locale: 'de', input });
  const times: number[] = [];
  const perInput = inputs.map(() => [] as number[]);
  for (let index = 0; index < requests; index += 1) {
    const input = inputs[index % inputs.length];
    const start = performance.now();
    await searchResumes({ db, viewer, brand: brands.jobregio, locale: 'de', input });
    times.push(performance.now() - start);
    perInput[index % inputs.length]!.push(performance.now() - start);
  }
  for (const [position, input] of inputs.entries()) {
    const list = perInput[position]!.sort((a, b) => a - b);
    console.log(`  ${JSON.stringify(input)}: median ${list[Math.floor(list.length / 2)]?.toFixed(1)} ms`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(1);
  console.log(
    `${dialect}: resume search over ${resumeCount} resumes, ${requests} sequential requests: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
  await database.dispose();
}
