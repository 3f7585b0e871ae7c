/**
 * The organization search (issue 15): the request's filter prepared once, then answered by the SQL engine
 * through the engine interface of engine.ts, by the facet rules every entity shares (facets.ts).
 */
import type { Locale } from '../../../brands/index.ts';
import { facetValueLimit, organizationFacetFields, type OrganizationFacetField } from '../../lib/search/vocabulary.ts';
import type { Database } from '../db/index.ts';
import { searchWith, type SearchResult } from './engine.ts';
import { FacetSelection } from './facets.ts';
import {
  organizationFilterOf,
  type OrganizationSearchHit,
  type OrganizationSearchRequest,
} from './organization-filter.ts';
import { sqlOrganizationEngine } from './sql-organization-engine.ts';

export type OrganizationSearchResult = SearchResult<OrganizationSearchHit, OrganizationFacetField>;

export async function searchOrganizations(options: {
  db: Database;
  input: OrganizationSearchRequest;
  locale: Locale;
  brandId: string;
}): Promise<OrganizationSearchResult> {
  const { db, input: request } = options;
  const filter = await organizationFilterOf(db, request, options.brandId);
  return searchWith([sqlOrganizationEngine(db)], {
    filter,
    facets: new FacetSelection(organizationFacetFields, request.facets ?? {}),
    byRank: filter.text !== null,
    page: request.page ?? 1,
    pageSize: request.pageSize ?? 12,
    locale: options.locale,
    facetValueLimit,
  });
}
