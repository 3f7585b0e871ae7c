/**
 * The facet rules of facets.ts in SQL, for the SQL engine of every entity. An entity's statement builds
 * `base`: the rows matching everything but the facet selections, with one boolean column per selected
 * facet (`selectionColumn`). From it `facetedStatement` takes the page of hits, the total and every facet's
 * counts, each with the other facets' selections applied but not its own (`appliedSelections`), ranked and
 * limited per facet, as one set of rows that `readFacetedRows` turns into the result.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../brands/index.ts';
import type { Database } from '../db/index.ts';
import type { EngineQuery, SearchResult } from './engine.ts';
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
    counts (field, value, count) as (${sql.join([...options.counts], sql` union all `)}),
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

/** Up to this many base rows, facet terms are looked up per row rather than by hashing the link table. */
const linkProbeLimit = 15000;

/**
 * Counts of a facet kept in a link table (`key` the entity id, term_id). For a small base set each row's
 * terms are looked up by its id (the primary key, index only); for a large one the whole link table is
 * hashed once (`probeLimit`: base rows up to which probing pays, 15,000 for jobs). Both are in the
 * statement; the base size decides at run time which one runs.
 */
export function linkedCounts(field: string, table: string, key: string, others: SQL, probeLimit = linkProbeLimit): SQL {
  const link = sql.raw(table);
  const column = sql.raw(`x.${key}`);
  return sql`select ${field}, x.term_id, count(*)::int from base b
      cross join lateral (select term_id from ${link} x where ${column} = b.id offset 0) as x
      where ${others} and (select count from size) < ${probeLimit}
      group by x.term_id
    union all
    select ${field}, x.term_id, count(*)::int from base b join ${link} x on ${column} = b.id
      where ${others} and (select count from size) >= ${probeLimit}
      group by x.term_id`;
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

/** The longest a search statement may run before PostgreSQL cancels it (the search then fails). */
export const defaultStatementTimeoutMs = 10_000;

/**
 * Runs a `facetedStatement` and reads its rows, in a transaction of its own with JIT off and a statement
 * timeout: the statement's estimated cost is far above jit_above_cost, but it runs in milliseconds
 * (compiling it with LLVM took 50–80 ms in the job benchmark); and a visitor who gives up does not cancel
 * the statement (the server never hears of it): without a bound, broad searches on a board too large for
 * the in-memory index pile up until the database answers nothing else (docs/scaling.md).
 */
export async function runFacetedStatement<TField extends string>(
  db: Database,
  statement: SQL,
  fields: readonly TField[],
  query: Pick<EngineQuery<unknown, TField>, 'page' | 'pageSize' | 'locale' | 'facetValueLimit'>,
  { statementTimeoutMs = defaultStatementTimeoutMs }: { statementTimeoutMs?: number } = {},
): Promise<SearchResult<SqlHit, TField>> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(statementTimeoutMs))}`));
    return (await tx.execute<FacetedRow>(statement)).rows;
  });
  const { page, pageSize, locale, facetValueLimit } = query;
  return readFacetedRows(rows, { fields, page, pageSize, locale, limit: facetValueLimit });
}
