/**
 * The SQL engine of the resume search (issue 17), on the one engine interface (engine.ts) and the shared
 * SQL parts of every entity: text conditions and ranks (text-query.ts over the resume's text columns), the
 * radius (sql-geo.ts over resumes r), the facet rules and statement (sql-facets.ts), with the facet values
 * in resume_facet_links (numeric ids, as every engine counts them).
 *
 * `base` holds the visible resumes of the brand that match the text and the place; it never reads
 * resume_private: the private fields cannot reach a search result, its ranking or its facets.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { resumeFacetFields, type ResumeFacetField } from '../db/schema/resumes.ts';
import type { EngineQuery, SearchEngine } from './engine.ts';
import type { LocationFilter } from './location-filter.ts';
import {
  appliedSelections,
  defaultStatementTimeoutMs,
  facetedStatement,
  linkedCounts,
  runFacetedStatement,
  selectionColumn,
} from './sql-facets.ts';
import { distanceFrom, idList, withinRadius } from './sql-geo.ts';
import {
  textCondition,
  titleScoreExpression,
  vectorRankExpression,
  type TextColumns,
  type TextQuery,
} from './text-query.ts';

export interface ResumeFilter {
  brandId: string;
  text: TextQuery | null;
  location: LocationFilter | null;
  /** Shown to recruiters in (after, until] (a resume alert's digest window); absent for every visible resume. */
  shown?: { after: Date; until: Date } | null;
}

export interface ResumeSearchHit {
  resumeId: number;
  distanceKm: number | null;
  rank: number;
}

/** The text columns of `resumes r` (German configuration, see the resumes schema). */
export const resumeTextColumns: TextColumns = {
  vector: sql.raw('r.search_vector'),
  config: sql.raw(`'german'::regconfig`),
  title: sql.raw('lower(r.title)'),
};

/** The facet links of one field, as the link table `linkedCounts` reads. */
/** Below this many base rows, facet links are looked up per row (the value linkedCounts uses). */
const linkProbeLimit = 15000;

const linksOf = (field: ResumeFacetField) =>
  `(select resume_id, term_id from resume_facet_links where field = '${field}')`;

export function sqlResumeEngine(
  db: Database,
  { statementTimeoutMs = defaultStatementTimeoutMs }: { statementTimeoutMs?: number } = {},
): SearchEngine<ResumeFilter, ResumeFacetField, ResumeSearchHit> {
  return {
    name: 'database',
    async search(query) {
      const result = await runFacetedStatement(db, resumeStatement(query), resumeFacetFields, query, {
        statementTimeoutMs,
      });
      return { ...result, items: result.items.map(({ id, distanceKm, rank }) => ({ resumeId: id, distanceKm, rank })) };
    },
  };
}

/** The one statement of a resume search (exported for the benchmark's EXPLAIN). */
export function resumeStatement(query: EngineQuery<ResumeFilter, ResumeFacetField>): SQL {
  const { filter, facets: selection, byRank, page, pageSize } = query;
  const { text, location } = filter;
  const selectionColumns = selection.selected.map(
    (field) =>
      sql`exists (select 1 from resume_facet_links x where x.resume_id = r.id and x.term_id in (${idList(
        selection.values(field),
      )})) as ${sql.raw(selectionColumn(field))}`,
  );
  const conditions: SQL[] = [sql`r.visible`, sql`r.frontend = ${filter.brandId}`];
  if (text) conditions.push(textCondition(text, resumeTextColumns));
  if (filter.shown) {
    conditions.push(
      sql`r.visible_since > ${filter.shown.after.toISOString()}::timestamptz and r.visible_since <= ${filter.shown.until.toISOString()}::timestamptz`,
    );
  }
  switch (location?.kind) {
    case 'radius':
      conditions.push(withinRadius(location.lat, location.lon, location.radiusKm, 'r'));
      break;
    case 'area':
      conditions.push(
        location.values.length === 0
          ? sql`false`
          : sql`r.region in (${sql.join(
              location.values.map((value) => sql`${value}`),
              sql`, `,
            )})`,
      );
      break;
    case 'country':
    case undefined:
      // Every place of the gazetteer lies in the brand's countries: no narrowing.
      break;
  }
  // Relevance: the share of the words in the title (cheap, for every row of the base); the search
  // vector's ts_rank is added for the rows of the page only (reading a vector is the expensive part).
  const rank = text ? sql`${titleScoreExpression(text, resumeTextColumns)} * 10` : sql`0::float8`;
  const base = sql`select ${sql.join(
    [sql`r.id`, sql`r.updated_at as updated`, sql`${rank} as rank`, ...selectionColumns],
    sql`, `,
  )} from resumes r where ${sql.join(conditions, sql` and `)}`;
  const distance =
    location?.kind === 'radius'
      ? sql`(select ${distanceFrom(location.lat, location.lon, 'r')} from resumes r where r.id = b.id)`
      : sql`null::float8`;
  const order = byRank && text ? sql`rank desc, updated desc, id desc` : sql`updated desc, id desc`;
  const vectorRank = text
    ? sql`b.rank + (select ${vectorRankExpression(text, resumeTextColumns)} from resumes r where r.id = b.id)`
    : sql`b.rank`;
  const hits = sql`select b.id, b.position, ${vectorRank} as rank, ${distance} as distance_km
    from (select id, rank, row_number() over (order by ${order})::int as position
      from base where ${appliedSelections(selection)}
      order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}) as b`;
  const counts = [
    // Names the columns of the union (linkedCounts' rows leave them unnamed).
    sql`select null::text as field, null::int as value, null::int as count where false`,
    // Without selections every facet counts the same rows: one pass over the links for all six.
    ...(selection.selected.length === 0
      ? [
          // A small base looks up each row's links by its id (as linkedCounts does), a large one hashes them.
          sql`select l.field::text, l.term_id, count(*)::int from base b
            cross join lateral (select field, term_id from resume_facet_links x where x.resume_id = b.id offset 0) as l
            where (select count from size) < ${linkProbeLimit}
            group by l.field, l.term_id
          union all
          select l.field::text, l.term_id, count(*)::int from base b
            join resume_facet_links l on l.resume_id = b.id
            where (select count from size) >= ${linkProbeLimit}
            group by l.field, l.term_id`,
        ]
      : resumeFacetFields.map((field) =>
          linkedCounts(field, linksOf(field), 'resume_id', appliedSelections(selection, field)),
        )),
  ];
  return facetedStatement({
    base,
    hits,
    counts,
    labelled: sql`select c.field, c.value, c.count, t.value as label
      from counts c join resume_facet_terms t on t.id = c.value`,
    selection,
    limit: query.facetValueLimit,
  });
}
