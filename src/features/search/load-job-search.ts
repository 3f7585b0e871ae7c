/**
 * Everything the job listing page needs, from its URL: the redirect to the canonical URL, the resolved
 * place, the search result, the SEO verdict. The page only renders what this returns.
 */
import type { Brand } from '../../../brands/types.ts';
import type { BackendClient } from '../../lib/backend-client/index.ts';
import { locationSuggestions, searchJobs, type JobSearchResult } from '../../lib/operations/search.ts';
import { pageCount } from '../../lib/search/pagination.ts';
import { resolveLocation } from '../../lib/search/resolve-location.ts';
import {
  canonicalListingQuery,
  canonicalQuery,
  isIndexable,
  parseSearchParams,
  toSearchInput,
  type JobSearchState,
  type SearchUrlOptions,
} from '../../lib/search/search-url.ts';

export type LocationNotice = { kind: 'unknown'; label: string } | { kind: 'failed' };

export type JobSearchOutcome =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      /** 404 for a page number past the last page. */
      status: 200 | 404;
      /** The search as run: a typed place carries the coordinates it was resolved to. */
      state: JobSearchState;
      /** The name of the place searched (the suggestion's own label when the name was resolved). */
      placeLabel: string | null;
      locationNotice: LocationNotice | null;
      result: JobSearchResult;
      pageCount: number;
      isIndexable: boolean;
      /** Query of the canonical link ("" or "?…"); only meaningful when indexable. */
      canonicalSearch: string;
    };

export function searchUrlOptions(brand: Brand): SearchUrlOptions {
  const { radiusOptionsKm, defaultRadiusKm, radiusHiddenForLocationTypes } = brand.constants.geo;
  return { radiusOptionsKm, defaultRadiusKm, radiusHiddenForLocationTypes };
}

export async function loadJobSearch(options: {
  backend: BackendClient;
  brand: Brand;
  /** The path visitors see (locale prefix and translation applied), e.g. /fr/emploi/minijobs. */
  publicPath: string;
  search: string;
  category: string | null;
}): Promise<JobSearchOutcome> {
  const { backend, brand, publicPath, search, category } = options;
  const urlOptions = searchUrlOptions(brand);

  // A plain GET form sends every field, empty or default: one redirect makes it the island's URL.
  const canonical = canonicalQuery(search, urlOptions);
  const current = new URLSearchParams(search).toString();
  if (canonical !== (current === '' ? '' : `?${current}`))
    return { kind: 'redirect', location: publicPath + canonical };

  const parsed = parseSearchParams(new URLSearchParams(search), urlOptions);
  let state = parsed;
  let placeLabel: string | null = null;
  let locationNotice: LocationNotice | null = null;
  try {
    const resolution = await resolveLocation(parsed.location, async (query) => {
      const data = await backend.request(locationSuggestions, { query, limit: 10 });
      return data.locationSuggestions;
    });
    switch (resolution.kind) {
      case 'none':
        break;
      case 'resolved':
        // Regions and countries are matched by their label: search with the suggestion's own.
        state = { ...parsed, location: { ...resolution.location, label: resolution.label } };
        placeLabel = resolution.label || null;
        break;
      case 'unknown':
        state = { ...parsed, location: null };
        locationNotice = { kind: 'unknown', label: resolution.label };
        break;
    }
  } catch (error) {
    console.error('Resolving the search location failed', error);
    state = { ...parsed, location: null };
    locationNotice = { kind: 'failed' };
  }

  const pageSize = brand.constants.pageSize.jobs;
  const { searchJobs: result } = await backend.request(searchJobs, {
    input: toSearchInput(state, category, { ...urlOptions, pageSize }),
  });
  const pages = pageCount(result.total, pageSize);
  // The form shows the place searched by its own name, with its coordinates in the hidden fields; a name
  // that could not be resolved stays as typed so that the visitor can correct it.
  const shownLocation = state.location ?? (parsed.location && { ...parsed.location, point: null });
  const shownState: JobSearchState = { ...state, location: shownLocation };
  const indexable =
    locationNotice === null &&
    isIndexable(parsed, result.total, {
      ...urlOptions,
      maxCleanFacets: brand.constants.seoCleanFacets.jobs,
      category,
    });
  return {
    kind: 'page',
    status: state.page > pages ? 404 : 200,
    state: shownState,
    placeLabel,
    locationNotice,
    result,
    pageCount: pages,
    isIndexable: indexable,
    canonicalSearch: canonicalListingQuery(shownState, urlOptions),
  };
}
