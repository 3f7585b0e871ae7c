/**
 * The SQL engine of the organization search (issue 15), over PostgreSQL and PGlite. One statement builds
 * `base`, the published organizations of the brand matching the text and the place (its address or any
 * further location), with one boolean column per selected facet, and takes from it the page, the total and
 * the counts of the three facets by the rules of facets.ts (sql-facets.ts). Ten thousand organizations
 * are few: the text has its indexes (organizations_search_vector_idx on the stored vector, organizations_name_trgm_idx), the
 * rest is read from the brand's rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { organizationFacetFields, type OrganizationFacetField } from '../../lib/search/vocabulary.ts';
import type { Database } from '../db/index.ts';
import type { EngineQuery, SearchEngine } from './engine.ts';
import type { LocationFilter } from './location-filter.ts';
import type { OrganizationFilter, OrganizationSearchHit } from './organization-filter.ts';
import {
  appliedSelections,
  facetedStatement,
  linkedCounts,
  runFacetedStatement,
  selectionColumn,
  termLabelSql,
} from './sql-facets.ts';
import { distanceFrom, idList, withinRadius } from './sql-geo.ts';
import { textCondition, titleScoreExpression, vectorRankExpression, type TextColumns } from './text-query.ts';

/** The text columns of `organizations o`: the stored search vector, the name as title. */
export const organizationTextColumns: TextColumns = {
  vector: sql.raw('o.search_vector'),
  config: sql.raw(`'german'::regconfig`),
  title: sql.raw('lower(o.name)'),
};

/**
 * Base rows up to which facet terms are looked up per organization; above, the link tables (a few tens of
 * thousands of rows at 10,000 organizations) are hashed (the nested probes took 30 ms for 5,000 rows).
 */
const linkProbeLimit = 500;

/** The link table of each facet (organization_id, term_id). */
const linkTables: Record<OrganizationFacetField, string> = {
  occupations: 'organization_occupations',
  industry: 'organization_industries',
  fieldsOfStudy: 'organization_fields_of_study',
};

/** The place condition: the organization's address or one of its further locations (`l`). */
function locationCondition(location: LocationFilter): SQL {
  const either = (own: SQL, further: SQL) =>
    sql`(${own} or exists (select 1 from organization_locations l where l.organization_id = o.id and ${further}))`;
  switch (location.kind) {
    case 'radius': {
      // The ids near the point from both GiST indexes (organizations_earth_idx, organization_locations_earth_idx):
      // an `or` with a correlated exists measured every organization of the brand instead.
      const { lat, lon, radiusKm } = location;
      return sql`o.id in (select n.id from organizations n where ${withinRadius(lat, lon, radiusKm, 'n')}
        union all select l.organization_id from organization_locations l where ${withinRadius(lat, lon, radiusKm, 'l')})`;
    }
    case 'area': {
      if (location.values.length === 0) return sql`false`;
      const values = sql.join(
        location.values.map((value) => sql`${value}`),
        sql`, `,
      );
      return either(sql`o.administrative_area in (${values})`, sql`l.administrative_area in (${values})`);
    }
    case 'country':
      return either(sql`o.country_code = ${location.code}`, sql`l.country_code = ${location.code}`);
  }
}

export function organizationStatement(query: EngineQuery<OrganizationFilter, OrganizationFacetField>): SQL {
  const { filter, facets: selection, byRank, page, pageSize, locale, facetValueLimit } = query;
  const { text, location } = filter;
  const columns = organizationTextColumns;

  const conditions: SQL[] = [sql`o.published`, sql`o.frontend = ${filter.brandId}`];
  if (text) conditions.push(textCondition(text, columns));
  if (location) conditions.push(locationCondition(location));

  const selectionColumns = selection.selected.map((field) => {
    const table = sql.raw(linkTables[field]);
    return sql`exists (select 1 from ${table} x where x.organization_id = o.id
      and x.term_id in (${idList(selection.values(field))})) as ${sql.raw(selectionColumn(field))}`;
  });
  const rank = text
    ? sql`${titleScoreExpression(text, columns)} * 10 + ${vectorRankExpression(text, columns)}`
    : sql`0::float8`;
  const base = sql`select ${sql.join(
    [sql`o.id`, sql`o.featured`, sql`o.name`, sql`${rank} as rank`, ...selectionColumns],
    sql`, `,
  )} from organizations o where ${sql.join(conditions, sql` and `)}`;

  const offset = (page - 1) * pageSize;
  // Without a text: featured employers first, then by name (SPEC 6 shows all, not only featured ones).
  const order = byRank ? sql`rank desc, name, id` : sql`featured desc nulls last, name, id`;
  const distance =
    location?.kind === 'radius'
      ? sql`(select min(d) from (
          select ${distanceFrom(location.lat, location.lon, 'o')} as d from organizations o where o.id = b.id
          union all
          select ${distanceFrom(location.lat, location.lon, 'l')} from organization_locations l
            where l.organization_id = b.id) as distances)`
      : sql`null::float8`;
  const hits = sql`select b.id, b.position, b.rank, ${distance} as distance_km
    from (select id, rank, row_number() over (order by ${order})::int as position
      from base where ${appliedSelections(selection)}
      order by ${order} limit ${pageSize} offset ${offset}) as b`;

  return facetedStatement({
    base,
    hits,
    counts: organizationFacetFields.map((field) =>
      linkedCounts(field, linkTables[field], 'organization_id', appliedSelections(selection, field), linkProbeLimit),
    ),
    labelled: sql`select c.field, c.value, c.count, ${termLabelSql(locale)} as label
      from counts c join taxonomy_terms t on t.id = c.value`,
    selection,
    limit: facetValueLimit,
  });
}

/** The SQL engine of the organization search; it answers every query. */
export function sqlOrganizationEngine(
  db: Database,
): SearchEngine<OrganizationFilter, OrganizationFacetField, OrganizationSearchHit> {
  return {
    name: 'database',
    async search(query) {
      const result = await runFacetedStatement(db, organizationStatement(query), organizationFacetFields, query);
      return {
        ...result,
        items: result.items.map(({ id, distanceKm, rank }) => ({ organizationId: id, distanceKm, rank })),
      };
    },
  };
}
