/**
 * Everything the job listing page needs, from its URL: the redirect to the canonical URL, the resolved
 * place, the search result, the SEO verdict. The page only renders what this returns.
 */
import type { Brand } from '../../../brands/types.ts';
import type { BackendClient } from '../../lib/backend-client/index.ts';
import {
  locationAlternatives,
  locationSuggestions,
  searchJobs,
  type JobSearchResult,
} from '../../lib/operations/search.ts';
import { checkPage, maxSearchPage, pageCount } from '../../lib/search/pagination.ts';
import { resolveLocation, type LocationSuggestion } from '../../lib/search/resolve-location.ts';
import {
  canonicalListingQuery,
  canonicalQuery,
  isIndexable,
  parseSearchParams,
  roundPoint,
  searchTextIssues,
  searchUrl,
  toSearchInput,
  type JobSearchState,
  type SearchState,
  type SearchTextIssue,
  type SearchUrlOptions,
} from '../../lib/search/search-url.ts';
import { logUnexpected } from '../../server/log.ts';

/** A place to search instead, as a link to the same search there. */
export interface PlaceLink {
  label: string;
  href: string;
}

/**
 * Why the search has no place to look around. Decision (what job boards do): a place that cannot be
 * searched gives no results and says so, with places to search instead; it never falls back to every job.
 */
export type LocationNotice =
  /** No place of the area has that name; `suggestions` are similarly spelt places of the area. */
  | { kind: 'unknown'; label: string; suggestions: PlaceLink[] }
  /** The place lies outside the brand's area (`label` empty for bare coordinates); nearby places of it. */
  | { kind: 'outside'; label: string; suggestions: PlaceLink[] }
  /** The place could not be looked up at all. */
  | { kind: 'failed' };

/** At most this many "Did you mean" places. */
const maxPlaceSuggestions = 5;

export type JobSearchOutcome = SearchOutcome<JobSearchState, JobSearchResult>;

/** The outcome of a listing search of any entity (jobs, organizations): its state and result types. */
export type SearchOutcome<TState, TResult> =
  | { kind: 'redirect'; location: string }
  /** A page other than the first of a search without results. */
  | { kind: 'not-found' }
  | {
      kind: 'page';
      /** 400 when a text parameter cannot be searched for (`textIssues`). */
      status: 200 | 400;
      textIssues: SearchTextIssue[];
      /** The search as run: a typed place carries the coordinates it was resolved to. */
      state: TState;
      /** The name of the place searched (the suggestion's own label when the name was resolved). */
      placeLabel: string | null;
      locationNotice: LocationNotice | null;
      result: TResult;
      pageCount: number;
      isIndexable: boolean;
      /** Query of the canonical link ("" or "?…"); only meaningful when indexable. */
      canonicalSearch: string;
    };

export function searchUrlOptions(brand: Brand): SearchUrlOptions {
  const { radiusOptionsKm, defaultRadiusKm, radiusHiddenForLocationTypes } = brand.constants.geo;
  return { radiusOptionsKm, defaultRadiusKm, radiusHiddenForLocationTypes };
}

function emptyResult(pageSize: number): JobSearchResult {
  return { total: 0, page: 1, pageSize, items: [], facets: [] };
}

export function loadJobSearch(options: {
  backend: BackendClient;
  brand: Brand;
  /** The path visitors see (locale prefix and translation applied), e.g. /fr/emploi/minijobs. */
  publicPath: string;
  search: string;
  category: string | null;
}): Promise<JobSearchOutcome> {
  const { backend, brand, category } = options;
  const urlOptions = searchUrlOptions(brand);
  const pageSize = brand.constants.pageSize.jobs;
  return loadSearch({
    ...options,
    urlOptions,
    pageSize,
    maxCleanFacets: brand.constants.seoCleanFacets.jobs,
    emptyResult: emptyResult(pageSize),
    run: async (state) =>
      (
        await backend.request(searchJobs, {
          input: toSearchInput(state, category, { ...urlOptions, pageSize }),
        })
      ).searchJobs,
  });
}

/**
 * A listing search of any entity from its URL (the job search above, the organization search): the
 * refusal of texts that cannot be searched, the redirect to the canonical URL, the place resolved to
 * coordinates (or the notice why it cannot be searched), `run` for the result, the page checked against
 * the total and the SEO verdict.
 */
export async function loadSearch<TField extends string, TResult extends { total: number }>(options: {
  backend: BackendClient;
  brand: Brand;
  publicPath: string;
  search: string;
  category?: string | null;
  urlOptions: SearchUrlOptions<TField>;
  pageSize: number;
  maxCleanFacets: number;
  emptyResult: TResult;
  /** The result of a search state (its page at most the last page a search may have). */
  run: (state: SearchState<TField>) => Promise<TResult>;
}): Promise<SearchOutcome<SearchState<TField>, TResult>> {
  const { backend, brand, publicPath, search, urlOptions, pageSize } = options;
  const category = options.category ?? null;
  const params = new URLSearchParams(search);

  // A text that cannot be searched for is refused as it is (no redirect first): the form comes back
  // without it, with the reason.
  const textIssues = searchTextIssues(params);
  if (textIssues.length > 0) {
    const accepted = new URLSearchParams(params);
    for (const { param } of textIssues) accepted.delete(param);
    const state = { ...parseSearchParams(accepted, urlOptions), page: 1 };
    return {
      kind: 'page',
      status: 400,
      textIssues,
      state,
      placeLabel: null,
      locationNotice: null,
      result: options.emptyResult,
      pageCount: 1,
      isIndexable: false,
      canonicalSearch: '',
    };
  }

  // A plain GET form sends every field, empty or default: one redirect makes it the island's URL.
  const canonical = canonicalQuery(search, urlOptions);
  const current = params.toString();
  if (canonical !== (current === '' ? '' : `?${current}`))
    return { kind: 'redirect', location: publicPath + canonical };

  const parsed = parseSearchParams(params, urlOptions);
  let state = parsed;
  let placeLabel: string | null = null;
  let locationNotice: LocationNotice | null = null;
  try {
    const resolution = await resolveLocation(
      parsed.location,
      async (query) => (await backend.request(locationSuggestions, { query, limit: 10 })).locationSuggestions,
      brand.autocompleteBounds,
    );
    switch (resolution.kind) {
      case 'none':
        break;
      case 'resolved':
        // Regions and countries are matched by their label: search with the suggestion's own.
        state = { ...parsed, location: { ...resolution.location, label: resolution.label } };
        placeLabel = resolution.label || null;
        break;
      case 'unknown':
      case 'outside':
        locationNotice = await placeNotice(resolution.kind, resolution.label, {
          backend,
          publicPath,
          parsed,
          urlOptions,
        });
        break;
    }
  } catch (error) {
    logUnexpected('search', 'Resolving the search location failed', error);
    locationNotice = { kind: 'failed' };
  }

  // The form shows the place searched by its own name, with its coordinates in the hidden fields; a name
  // that could not be resolved stays as typed so that the visitor can correct it.
  const shownLocation = locationNotice ? parsed.location && { ...parsed.location, point: null } : state.location;
  const shownState: SearchState<TField> = { ...state, location: shownLocation };
  if (locationNotice) {
    return {
      kind: 'page',
      status: 200,
      textIssues: [],
      state: { ...shownState, page: 1 },
      placeLabel: null,
      locationNotice,
      result: options.emptyResult,
      pageCount: 1,
      isIndexable: false,
      canonicalSearch: '',
    };
  }

  const result = await options.run({ ...state, page: Math.min(state.page, maxSearchPage) });
  const pageCheck = checkPage(state.page, result.total, pageSize);
  switch (pageCheck.kind) {
    case 'not-found':
      return { kind: 'not-found' };
    case 'redirect':
      return { kind: 'redirect', location: publicPath + canonicalQuery(search, urlOptions, pageCheck.page) };
    case 'ok':
      break;
  }
  return {
    kind: 'page',
    status: 200,
    textIssues: [],
    state: shownState,
    placeLabel,
    locationNotice: null,
    result,
    pageCount: pageCount(result.total, pageSize),
    isIndexable: isIndexable(parsed, result.total, {
      ...urlOptions,
      maxCleanFacets: options.maxCleanFacets,
      category,
    }),
    canonicalSearch: canonicalListingQuery(shownState, urlOptions),
  };
}

/** The notice for a place that cannot be searched, with up to five places of the area to search instead. */
async function placeNotice<TField extends string>(
  kind: 'unknown' | 'outside',
  label: string,
  context: {
    backend: BackendClient;
    publicPath: string;
    parsed: SearchState<TField>;
    urlOptions: SearchUrlOptions<TField>;
  },
): Promise<LocationNotice> {
  if (label === '') return { kind: 'outside', label, suggestions: [] };
  const { locationAlternatives: alternatives } = await context.backend.request(locationAlternatives, {
    query: label,
    limit: maxPlaceSuggestions,
  });
  const suggestions = alternatives.places.map((place) => ({
    label: place.label,
    href: searchUrl(context.publicPath, searchAt(context.parsed, place, context.urlOptions), context.urlOptions),
  }));
  return {
    kind: kind === 'outside' || alternatives.reason === 'outside_area' ? 'outside' : 'unknown',
    label,
    suggestions,
  };
}

/** The same search at another place, from its first page. */
function searchAt<TField extends string>(
  state: SearchState<TField>,
  place: LocationSuggestion,
  options: SearchUrlOptions<TField>,
): SearchState<TField> {
  const radius = state.location?.radius ?? options.defaultRadiusKm;
  return {
    ...state,
    location: { label: place.label, point: roundPoint(place), locationType: place.locationType, radius },
    page: 1,
  };
}
