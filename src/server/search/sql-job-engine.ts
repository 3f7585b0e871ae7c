/**
 * The SQL engine of the job search, over PostgreSQL (and PGlite). One statement builds `base`, the open
 * jobs of the brand matching everything but the facet selections (one boolean column per selected facet),
 * and takes from it the page, the total and the counts of all six facets by the rules of facets.ts
 * (sql-facets.ts). Distance and rank, which read other rows, are computed for the page only.
 *
 * How `base` meets a radius depends on how many locations lie in it, counted up to a limit first (the
 * planner cannot estimate it: the cube operators have a fixed selectivity):
 * - few ("near"): those locations (GiST on ll_to_earth), then their jobs by id;
 * - many, with a text ("probe"): the text first (GIN on the vector, trigram GIN on the title), then each
 *   candidate's nearest location by job id (index-only on job_locations_job_id_coordinates_idx);
 * - many, without a text ("hash"): the brand's open jobs (index-only on jobs_open_search_idx) hashed
 *   against the locations in the radius.
 *
 * The statement runs with JIT off in a transaction of its own (sql-facets.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import type { EngineQuery, SearchEngine } from './engine.ts';
import type { JobFilter, LocationFilter } from './job-filter.ts';
import {
  appliedSelections,
  defaultStatementTimeoutMs,
  facetedStatement,
  linkedCounts,
  runFacetedStatement,
  selectionColumn,
  termLabelSql,
} from './sql-facets.ts';
import { distanceFrom, idList, withinRadius } from './sql-geo.ts';
import { escapeLike, textCondition, titleScoreExpression, vectorRankExpression } from './text-query.ts';
import { jobFacetFields, type JobFacetField, type JobSearchHit } from './types.ts';

/** Below this many locations in the radius, the search starts from them (see the module comment). */
const nearLocationLimit = 200;
/** Relevance reads the search vectors of at most this many rows of a title-score tier (the newest). */
const rankWindow = 500;

type Source = 'jobs' | 'near' | 'probe' | 'hash';

/**
 * Whether fewer than `nearLocationLimit` locations (of any job) lie in the radius. The nearest ones come
 * from a GiST nearest-neighbour scan that stops at the limit: a box condition instead would make the
 * planner, trusting the fixed estimate of the cube operators, collect every location in the box first.
 */
async function hasFewNearLocations(
  db: Database,
  filter: Extract<LocationFilter, { kind: 'radius' }>,
): Promise<boolean> {
  const centre = sql`ll_to_earth(${filter.lat}::float8, ${filter.lon}::float8)`;
  const result = await db.execute<{ count: number }>(sql`
    select count(*) filter (where ${distanceFrom(filter.lat, filter.lon)} <= ${filter.radiusKm}::float8)::int as count
    from (
      select l.latitude, l.longitude from job_locations l
      order by ll_to_earth(l.latitude, l.longitude) <-> ${centre}
      limit ${nearLocationLimit}) as l`);
  return Number(result.rows[0]?.count ?? 0) < nearLocationLimit;
}

/**
 * The SQL engine: it answers every job search (see the module comment), or fails when its statement runs
 * longer than `statementTimeoutMs` (10 s).
 */
export function sqlJobEngine(
  db: Database,
  { statementTimeoutMs = defaultStatementTimeoutMs }: { statementTimeoutMs?: number } = {},
): SearchEngine<JobFilter, JobFacetField, JobSearchHit> {
  return {
    name: 'database',
    async search(query) {
      const result = await runFacetedStatement(db, await jobStatement(db, query), jobFacetFields, query, {
        statementTimeoutMs,
      });
      return { ...result, items: result.items.map(({ id, distanceKm, rank }) => ({ jobId: id, distanceKm, rank })) };
    },
  };
}

async function jobStatement(db: Database, query: EngineQuery<JobFilter, JobFacetField>): Promise<SQL> {
  const { filter, facets: selection, byRank, page, pageSize, locale, facetValueLimit } = query;
  const { text, title, location, brandId } = filter;
  let source: Source = 'jobs';
  if (location?.kind === 'radius') {
    if (await hasFewNearLocations(db, location)) source = 'near';
    else source = text || title ? 'probe' : 'hash';
  }
  // A small base set (a text, or few nearby jobs) looks each job's terms up by its id; a large one hashes
  // the jobs having the selected terms once.
  const smallBase = text !== null || title !== '' || source === 'near';

  // Facet selections: each becomes a boolean column of `base`.
  const selectionColumns: SQL[] = [];
  for (const field of selection.selected) {
    const list = idList(selection.values(field));
    let expression: SQL;
    switch (field) {
      case 'remoteOptions':
        expression = sql`coalesce(j.remote_option_id in (${list}), false)`;
        break;
      case 'yearsOfExperience':
        expression = sql`coalesce(j.years_of_experience_id in (${list}), false)`;
        break;
      case 'company':
        expression = sql`j.organization_id in (${list})`;
        break;
      case 'industry':
        expression = sql`j.organization_id in (select organization_id from organization_industries where term_id in (${list}))`;
        break;
      case 'employmentType':
      case 'occupations': {
        const table = sql.raw(field === 'employmentType' ? 'job_employment_types' : 'job_occupational_fields');
        expression = smallBase
          ? sql`exists (select 1 from ${table} x where x.job_id = j.id and x.term_id in (${list}))`
          : sql`j.id in (select job_id from ${table} where term_id in (${list}))`;
        break;
      }
    }
    selectionColumns.push(sql`${expression} as ${sql.raw(selectionColumn(field))}`);
  }
  /** The selections that apply to a count of `field` (all of them without one), over `base`. */
  const allSelected = (field?: JobFacetField): SQL => appliedSelections(selection, field);

  // Conditions of the base set: everything except the facet selections.
  const conditions: SQL[] = [
    sql`j.state = 'published'`,
    sql`j.published_at <= now()`,
    sql`(j.expires_at is null or j.expires_at > now())`,
  ];
  if (brandId) conditions.push(sql`j.frontend = ${brandId}`);
  if (filter.published) {
    const { after, until } = filter.published;
    conditions.push(sql`j.published_at > ${after.toISOString()}::timestamptz`);
    conditions.push(sql`j.published_at <= ${until.toISOString()}::timestamptz`);
  }
  if (text) conditions.push(textCondition(text));
  if (title) conditions.push(sql`lower(j.title) like ${`%${escapeLike(title)}%`}`);
  if (filter.minYearlySalary !== undefined) {
    conditions.push(sql`coalesce(j.salary_max_yearly, j.salary_min_yearly) >= ${filter.minYearlySalary}`);
  }
  if (filter.category) {
    conditions.push(sql`j.id in (
      select x.job_id from job_occupational_fields x
      join taxonomy_terms t on t.id = x.term_id
      left join taxonomy_terms parent on parent.id = t.parent_id
      where t.vocabulary = 'occupational_field' and (t.slug = ${filter.category} or parent.slug = ${filter.category}))`);
  }
  switch (location?.kind) {
    case 'area':
      conditions.push(
        location.values.length === 0
          ? sql`false`
          : sql`exists (select 1 from job_locations l where l.job_id = j.id
              and l.administrative_area in (${sql.join(
                location.values.map((value) => sql`${value}`),
                sql`, `,
              )}))`,
      );
      break;
    case 'country':
      conditions.push(
        sql`exists (select 1 from job_locations l where l.job_id = j.id and l.country_code = ${location.code})`,
      );
      break;
    case 'radius': {
      const { lat, lon, radiusKm } = location;
      const within = withinRadius(lat, lon, radiusKm);
      switch (source) {
        case 'near':
          // Few locations: their jobs are fetched by id.
          conditions.push(sql`j.id in (select l.job_id from job_locations l where ${within})`);
          break;
        case 'hash':
          // Many locations and no text: hashed against all open jobs of the brand ("+ 0": not by id).
          conditions.push(sql`j.id + 0 in (select l.job_id from job_locations l where ${within})`);
          break;
        case 'probe':
          // Many locations and a text: each text match's nearest location, by job id (index only).
          conditions.push(
            sql`(select min(${distanceFrom(lat, lon)}) from job_locations l where l.job_id = j.id) <= ${radiusKm}::float8`,
          );
          break;
        case 'jobs':
          break;
      }
      break;
    }
    case undefined:
      break;
  }

  const baseColumns: SQL[] = [
    sql`j.id`,
    sql`j.organization_id as org`,
    sql`j.remote_option_id as remote`,
    sql`j.years_of_experience_id as experience`,
    sql`j.published_at as published`,
    sql`${text ? titleScoreExpression(text) : sql`0::float8`} as title_score`,
    ...selectionColumns,
  ];
  const base = sql`select ${sql.join(baseColumns, sql`, `)} from jobs j where ${sql.join(conditions, sql` and `)}`;

  const offset = (page - 1) * pageSize;
  const pageEnd = offset + pageSize;
  // Distance and rank read other rows (the job's locations, its search vector): only for the page.
  const distance =
    location?.kind === 'radius'
      ? sql`(select min(${distanceFrom(location.lat, location.lon)}) from job_locations l where l.job_id = b.id)`
      : sql`null::float8`;
  const vectorRank = text ? sql`(select ${vectorRankExpression(text)} from jobs j where j.id = b.id)` : null;

  // Relevance: the title score (cheap) first, ts_rank (reads the vector) within. The vector is read only
  // in the title-score tiers that reach the requested page, and in the one that does, for its newest
  // `rankWindow` rows at most (a very common word like "m/w/d" has tens of thousands).
  const tiers = byRank
    ? sql`tiers as (select title_score, count(*) as count from base where ${allSelected()} group by title_score),
      cut as (
        select min(title_score) as score from (
          select title_score, sum(count) over (order by title_score desc) - count as before from tiers) as t
        where before < ${pageEnd}),
      candidates as (
        select id, published, title_score from base where ${allSelected()} and title_score > (select score from cut)
        union all
        (select id, published, title_score from base where ${allSelected()} and title_score = (select score from cut)
          order by published desc, id desc limit ${Math.max(rankWindow, pageEnd)})),`
    : sql``;
  const hits = byRank
    ? sql`select b.id, b.position, b.rank, ${distance} as distance_km
        from (
          select id, row_number() over (order by rank desc, published desc, id desc)::int as position, rank
          from (select b.id, b.published, b.title_score * 10 + ${vectorRank} as rank from candidates b) as ranked
          order by rank desc, published desc, id desc limit ${pageSize} offset ${offset}) as b`
    : sql`select b.id, b.position, ${vectorRank ? sql`b.title_score * 10 + ${vectorRank}` : sql`0::float8`} as rank,
          ${distance} as distance_km
        from (select id, title_score, row_number() over (order by published desc, id desc)::int as position
          from base where ${allSelected()}
          order by published desc, id desc limit ${pageSize} offset ${offset}) as b`;

  const counts: SQL[] = jobFacetFields.map((field) => {
    const others = allSelected(field);
    switch (field) {
      case 'remoteOptions':
        return sql`select 'remoteOptions' as field, remote as value, count(*)::int as count
          from base where remote is not null and ${others} group by remote`;
      case 'yearsOfExperience':
        return sql`select 'yearsOfExperience', experience, count(*)::int
          from base where experience is not null and ${others} group by experience`;
      case 'company':
        return sql`select 'company', org, count(*)::int from base where ${others} group by org`;
      case 'employmentType':
        return linkedCounts('employmentType', 'job_employment_types', 'job_id', others);
      case 'occupations':
        return linkedCounts('occupations', 'job_occupational_fields', 'job_id', others);
      case 'industry':
        return sql`select 'industry', x.term_id, sum(g.count)::int
          from (select org, count(*) as count from base where ${others} group by org) as g
          join organization_industries x on x.organization_id = g.org group by x.term_id`;
    }
  });

  return facetedStatement({
    base,
    ctes: tiers,
    hits,
    counts,
    labelled: sql`select c.field, c.value, c.count,
        case when c.field = 'company' then o.name else ${termLabelSql(locale)} end as label
      from counts c
      left join taxonomy_terms t on c.field <> 'company' and t.id = c.value
      left join organizations o on c.field = 'company' and o.id = c.value`,
    selection,
    limit: facetValueLimit,
  });
}
