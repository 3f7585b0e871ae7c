/**
 * The search engine interface, parameterised by entity: jobs now, organizations and resumes next. An
 * entity brings its filter (what narrows the base set: text, place, brand…), its facet fields and its hit;
 * every engine of it (SQL, the in-memory index of decision 0008, or a dedicated engine later) answers the
 * same query with hits, the total and the facet counts, by the facet rules of facets.ts.
 */
import type { Locale } from '../../../brands/index.ts';
import type { FacetSelection } from './facets.ts';

export interface FacetValue {
  /** A term id, or the id of the entity a facet names (e.g. the organization of `company`). */
  value: string;
  label: string;
  count: number;
}

export interface Facet<TField extends string> {
  field: TField;
  values: FacetValue[];
}

export interface SearchResult<THit, TField extends string> {
  /** All hits, not just this page. */
  total: number;
  page: number;
  pageSize: number;
  items: THit[];
  /** One per facet field of the entity, in the entity's order. */
  facets: Facet<TField>[];
}

export interface EngineQuery<TFilter, TField extends string> {
  /** The entity's own conditions of the base set (everything but the facet selections). */
  filter: TFilter;
  facets: FacetSelection<TField>;
  /** Relevance order (a text without an explicit sort), else newest first. */
  byRank: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Language of the facet labels. */
  locale: Locale;
  /** At most this many values per facet. */
  facetValueLimit: number;
}

export interface SearchEngine<TFilter, TField extends string, THit> {
  readonly name: string;
  /**
   * The answer, or null when this engine cannot answer the query now (the in-memory index is older than
   * the database, or the query needs what it does not keep): the next engine answers then.
   */
  search(query: EngineQuery<TFilter, TField>): Promise<SearchResult<THit, TField> | null>;
}

/** The answer of the first engine that gives one; the last engine must always answer. */
export async function searchWith<TFilter, TField extends string, THit>(
  engines: readonly SearchEngine<TFilter, TField, THit>[],
  query: EngineQuery<TFilter, TField>,
): Promise<SearchResult<THit, TField>> {
  for (const engine of engines) {
    const result = await engine.search(query);
    if (result) return result;
  }
  throw new Error(`No search engine answered (${engines.map((engine) => engine.name).join(', ')}).`);
}
