/**
 * A corpus of resumes written straight into the resume tables (users, resumes with their search columns,
 * facet terms and links), as the resume services would leave them, for the resume search's engine tests and
 * benchmark: `count` resumes of the `brand`, spread over titles, skills, regions, career statuses and places.
 * Every seventh has no title, every eleventh no place, and every thirteenth is hidden (unless `hide` is false).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

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

const literal = (list: readonly string[]) =>
  sql.raw(`array[${list.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`);

export async function fillResumeCorpus(
  db: Database,
  options: { count: number; brand: string; /** Every thirteenth hidden (default true). */ hide?: boolean },
): Promise<void> {
  const prefix = `corpus-${options.brand}-${Date.now()}-`;
  await db.execute(
    sql`insert into users (email) select ${prefix} || g || '@example.test' from generate_series(1, ${options.count}) g`,
  );
  // u.id drives the spread; updated_at spreads over a year (with ties), so the date order is tested too.
  await db.execute(sql`
    insert into resumes (user_id, frontend, visible, title, search_text, region, latitude, longitude,
      job_preferences, skills, languages, updated_at, visible_since)
    select u.id, ${options.brand}, ${options.hide === false} or u.id % 13 <> 0,
      case when u.id % 7 <> 0 then (${literal(titles)})[1 + u.id % 10] || ' ' || u.id end,
      (${literal(occupations)})[1 + u.id % 8] || ' ' || (${literal(skills)})[1 + u.id % 20] || ' ' || (${literal(skills)})[1 + (u.id / 3) % 20],
      (${literal(regions)})[1 + u.id % 8],
      case when u.id % 11 <> 0 then 47.5 + (u.id::bigint * 7919 % 5000) / 1000.0 end,
      case when u.id % 11 <> 0 then 6.5 + (u.id::bigint * 104729 % 8000) / 1000.0 end,
      jsonb_build_object('title', (${literal(titles)})[1 + u.id % 10], 'careerStatus', (${literal(careers)})[1 + u.id % 6],
        'desiredOccupation', (${literal(occupations)})[1 + u.id % 8], 'employmentType', '[]'::jsonb, 'availabilityPeriods', '[]'::jsonb),
      jsonb_build_object('skills', jsonb_build_array((${literal(skills)})[1 + u.id % 20], (${literal(skills)})[1 + (u.id / 3) % 20])),
      jsonb_build_object('languages', jsonb_build_array('de', (${literal(languages)})[1 + u.id % 7])),
      timestamptz '2026-01-01' + make_interval(hours => (u.id::bigint * 7907 % 8760)::int),
      timestamptz '2026-01-01' + make_interval(hours => (u.id::bigint * 7907 % 8760)::int)
    from users u where u.email like ${`${prefix}%`}`);
  const terms: [string, readonly string[]][] = [
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
    select r.id, t.id, t.field from resumes r join users u on u.id = r.user_id join resume_facet_terms t on
      (t.field = 'careerStatus' and t.value = r.job_preferences->>'careerStatus')
      or (t.field = 'region' and t.value = r.region)
      or (t.field = 'occupations' and t.value = r.job_preferences->>'desiredOccupation')
      or (t.field = 'skills' and r.skills->'skills' ? t.value)
      or (t.field = 'languages' and r.languages->'languages' ? t.value)
      or (t.field = 'fieldOfStudy' and t.value = (${literal(fields)})[1 + r.id % 6])
    where u.email like ${`${prefix}%`}
    on conflict do nothing`);
}
