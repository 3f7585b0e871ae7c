/**
 * The facet rules of facets.ts in SQL, for the SQL engine of every entity. An entity's statement builds
 * `base`: the rows matching everything but the facet selections, with one boolean column per selected
 * facet (`selectionColumn`). From it `facetedStatement` takes the page of hits, the total and every facet's
 * counts, each with the other facets' selections applied but not its own (`appliedSelections`), ranked and
 * limited per facet, as one set of rows that `readFacetedRows` turns into the result.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../brands/index.ts';
import type { SearchResult } from './engine.ts';
import { contentLanguageOf } from '../../i18n/index.ts';
import { rankFacets, type FacetSelection } from './facets.ts';

/** The column of `base` that tells whether a row satisfies the selection of `field`. */
export function selectionColumn(field: string): string {
  return `f_${field}`;
}

/** The selections that apply when counting `field` (all of them without one), over the columns of `base`. */
export function appliedSelections<TField extends string>(selection: FacetSelection<TField>, field?: TField): SQL {
  const columns = selection.appliedTo(field).map(selectionColumn);
  return sql.raw(columns.length > 0 ? columns.join(' and ') : 'true');
}

/** A taxonomy term's label in the request's language, of the terms joined as `alias` (as localizedText). */
export function termLabelSql(locale: Locale, alias = 't'): SQL {
  const language = contentLanguageOf(locale);
  return sql.raw(language === 'de' ? `${alias}.label_de` : `coalesce(${alias}.label_${language}, ${alias}.label_de)`);
}

// A type, not an interface: db.execute wants rows assignable to Record<string, unknown>.
export type FacetedRow = {
  kind: 'hit' | 'total' | 'facet';
  field: string | null;
  value: number | null;
  position: number | null;
  rank: number | null;
  distance_km: number | null;
  count: number | null;
  label: string | null;
};

/**
 * The statement around `base`:
 * - `ctes`: the entity's own further CTEs (they may read `base` and `size`), each followed by a comma;
 * - `hits`: the page, as rows (id, position, rank, distance_km);
 * - `counts`: per facet, rows (field, value, count) of `base` with `appliedSelections(field)`;
 * - `labelled`: the rows of `counts c` with their label (field, value, count, label).
 */
export function facetedStatement<TField extends string>(options: {
  base: SQL;
  ctes?: SQL;
  hits: SQL;
  counts: readonly SQL[];
  labelled: SQL;
  selection: FacetSelection<TField>;
  limit: number;
}): SQL {
  return sql`
    with base as materialized (${options.base}),
    size as (select count(*) as count from base),
    ${options.ctes ?? sql``}
    counts as (${sql.join([...options.counts], sql` union all `)}),
    labelled as (${options.labelled}),
    ranked as (
      select *, row_number() over (partition by field order by count desc, label, value) as position from labelled)
    select 'hit' as kind, null as field, h.id as value, h.position, h.rank, h.distance_km, null::int as count, null as label
      from (${options.hits}) as h
    union all
    select 'total', null, null, null, null, null,
      (select count(*)::int from base where ${appliedSelections(options.selection)}), null
    union all
    select 'facet', field, value, position::int, null, null, count, label from ranked where position <= ${options.limit}`;
}

export interface SqlHit {
  id: number;
  /** Distance to the nearest location when searching around a place, else null. */
  distanceKm: number | null;
  rank: number;
}

/** The result from the rows of `facetedStatement`. */
export function readFacetedRows<TField extends string>(
  rows: readonly FacetedRow[],
  options: { fields: readonly TField[]; page: number; pageSize: number; locale: Locale; limit: number },
): SearchResult<SqlHit, TField> {
  const items: (SqlHit & { position: number })[] = [];
  let total = 0;
  const counts = new Map<string, { value: number; count: number; label: string | null }[]>();
  for (const row of rows) {
    switch (row.kind) {
      case 'hit':
        items.push({
          id: Number(row.value),
          position: Number(row.position),
          distanceKm: row.distance_km === null ? null : Number(row.distance_km),
          rank: Number(row.rank ?? 0),
        });
        break;
      case 'total':
        total = Number(row.count ?? 0);
        break;
      case 'facet':
        if (row.field !== null && row.value !== null) {
          const list = counts.get(row.field) ?? [];
          list.push({ value: Number(row.value), count: Number(row.count), label: row.label });
          counts.set(row.field, list);
        }
        break;
    }
  }
  items.sort((a, b) => a.position - b.position);
  return {
    total,
    page: options.page,
    pageSize: options.pageSize,
    items: items.map(({ id, distanceKm, rank }) => ({ id, distanceKm, rank })),
    facets: rankFacets({
      fields: options.fields,
      counts: (field) => counts.get(field) ?? [],
      locale: options.locale,
      limit: options.limit,
    }),
  };
}
