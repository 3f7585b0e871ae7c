/**
 * Everything the organization search page needs, from its URL (issue 15): the listing search of the job
 * search (loadSearch: canonical URL, place, page check, SEO verdict) with the organizations' facets, page
 * size (12), radius (25 km) and clean facets (3) of SPEC 9.
 */
import type { Brand } from '../../../brands/types.ts';
import type { BackendClient } from '../../lib/backend-client/index.ts';
import { facetFilterInputs, locationInput, type SearchUrlOptions } from '../../lib/search/search-url.ts';
import { organizationFacetFields, type OrganizationFacetField } from '../../lib/search/vocabulary.ts';
import { loadSearch } from '../search/load-job-search.ts';
import { searchOrganizations, type OrganizationSearchResult } from './operations.ts';

export function organizationSearchUrlOptions(brand: Brand): SearchUrlOptions<OrganizationFacetField> {
  const { radiusOptionsKm, organizationDefaultRadiusKm, radiusHiddenForLocationTypes } = brand.constants.geo;
  return {
    radiusOptionsKm,
    defaultRadiusKm: organizationDefaultRadiusKm,
    radiusHiddenForLocationTypes,
    facetFields: organizationFacetFields,
  };
}

export function loadOrganizationSearch(options: {
  backend: BackendClient;
  brand: Brand;
  publicPath: string;
  search: string;
}) {
  const { backend, brand } = options;
  const urlOptions = organizationSearchUrlOptions(brand);
  const pageSize = brand.constants.pageSize.organizations;
  const emptyResult: OrganizationSearchResult = { total: 0, page: 1, pageSize, items: [], facets: [] };
  return loadSearch({
    ...options,
    urlOptions,
    pageSize,
    maxCleanFacets: brand.constants.seoCleanFacets.organizations,
    emptyResult,
    run: async (state) => {
      const location = locationInput(state, urlOptions);
      const facets = facetFilterInputs(state, organizationFacetFields);
      const { searchOrganizations: result } = await backend.request(searchOrganizations, {
        input: {
          page: state.page,
          pageSize,
          ...(state.search ? { search: state.search } : {}),
          ...(location ? { location } : {}),
          ...(facets.length > 0 ? { facets } : {}),
        },
      });
      return result;
    },
  });
}
