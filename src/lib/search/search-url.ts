/**
 * The job search URL (SPEC section 5) ⇄ the search state ⇄ the GraphQL `JobSearchInput`. The same
 * functions serve the search of every other entity (organizations, resumes): they take its facet fields
 * as `SearchUrlOptions.facetFields` (the job facets when missing).
 *
 * Isomorphic and framework-free: the listing page, the no-JavaScript form (through the page's redirect to
 * the canonical URL) and the filter island all build their URLs here, so every way of searching ends on
 * the same address.
 *
 * URL rules:
 * - Parameters: search, title, location (label), lat, lon, locationType, radius, the six facet fields
 *   (remoteOptions, employmentType, industry, occupations, yearsOfExperience, company), minSalary, sort, page.
 * - page, jobId, locale, region, search, location and sorting are not facet filters; only parameters named
 *   like a known facet field become filters. Every other parameter is ignored by the search (and kept by
 *   `extraParams` so that e.g. utm_source survives a redirect to the canonical address).
 * - A facet value may repeat (`employmentType=3&employmentType=5`) or be comma-separated; a comma-separated
 *   value of all numbers splits (`3,5,3` → 3, 5), anything else stays one value. Facet values are ids
 *   (terms, organizations): a value that is not one (`abc`, `-3`, `1.5`, a number beyond 2^31 - 1) is
 *   dropped, so it never becomes a filter. Values are trimmed, duplicates removed and sorted numerically,
 *   so equal filters have one URL.
 * - Canonical form: parameters in the order above, empty values dropped, facet values as repeated
 *   parameters (what a plain GET form with checkboxes sends), page only when > 1, sort only when not
 *   relevancy, locationType only when not city, radius only when it differs from the brand default and
 *   the location type has a radius (not administrative_area or country), coordinates rounded to 5
 *   decimals (about 1 m) and only as a pair.
 * - Invalid values are dropped, not clamped: a page that is not a positive integer is page 1, a radius
 *   outside the brand's options is the default, an unknown sort is relevancy. A page past the last one
 *   is the listing page's business (it redirects to the last page).
 * - Texts (search, title, location) are refused rather than cut: control characters or more than
 *   `maxSearchTextLength` / `maxPlaceNameLength` characters make the page answer 400 (`searchTextIssues`).
 */

import { parseEntityId } from '../entity-id.ts';
import {
  maxPlaceNameLength,
  maxSearchTextLength,
  normalizeSearchText,
  textProblem,
  type TextProblem,
} from './text-rules.ts';
import type { JobSearchInput as GeneratedJobSearchInput } from '../operations/generated/types.ts';
import {
  jobFacetFields,
  locationTypes,
  maxMinSalary,
  type JobFacetField,
  type JobSort,
  type LocationType,
} from './vocabulary.ts';

// The islands read the vocabulary along with the URL functions.
export { jobFacetFields, jobSorts, type JobFacetField, type LocationType } from './vocabulary.ts';

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface LocationFilter {
  /** What the visitor typed or picked; may be empty when only coordinates are given. */
  label: string;
  /** Null until the label is resolved (by the autocomplete, or on the server with the first suggestion). */
  point: GeoPoint | null;
  locationType: LocationType;
  /** The effective radius in km: the brand default unless the URL names one of the brand's options. */
  radius: number;
}

export type FacetFilters<TField extends string = JobFacetField> = Partial<Record<TField, string[]>>;

/** The state of a search of any entity; its facets are those of `SearchUrlOptions.facetFields`. */
export interface SearchState<TField extends string = JobFacetField> {
  search: string;
  title: string;
  location: LocationFilter | null;
  /** Only non-empty value lists, values sorted; see `normalizeFacetValues`. */
  facets: FacetFilters<TField>;
  /** Minimum yearly salary. */
  minSalary: number | null;
  sort: JobSort;
  page: number;
}

export type JobSearchState = SearchState<JobFacetField>;

/** Brand constants the URL depends on (SPEC section 9), and the entity's facets. */
export interface SearchUrlOptions<TField extends string = JobFacetField> {
  radiusOptionsKm: readonly number[];
  defaultRadiusKm: number;
  /** Location types without a radius (the selector is hidden for them). */
  radiusHiddenForLocationTypes: readonly string[];
  /** The facet fields of the entity searched, in canonical order; the job facets when missing. */
  facetFields?: readonly TField[];
}

function facetFieldsOf<TField extends string>(options?: { facetFields?: readonly TField[] }): readonly TField[] {
  return options?.facetFields ?? (jobFacetFields as readonly string[] as readonly TField[]);
}

/** Every parameter a search with these facet fields reads, in canonical order (facets sit between location and salary). */
export function searchParamNamesOf(facetFields: readonly string[]): string[] {
  return [
    'search',
    'title',
    'location',
    'lat',
    'lon',
    'locationType',
    'radius',
    ...facetFields,
    'minSalary',
    'sort',
    'page',
  ];
}

/** Every parameter the job search reads, in canonical order. */
export const searchParamNames = searchParamNamesOf(jobFacetFields);

export function emptySearchState<TField extends string = JobFacetField>(): SearchState<TField> {
  return { search: '', title: '', location: null, facets: {}, minSalary: null, sort: 'relevancy', page: 1 };
}

const numericValue = /^-?\d+(\.\d+)?$/;

/**
 * The raw values of one facet parameter → its filter values: split all-numeric comma lists, trim, keep
 * ids only, drop duplicates, sort numerically.
 */
export function normalizeFacetValues(rawValues: readonly string[]): string[] {
  const values = rawValues.flatMap((raw) => {
    const parts = raw.split(',').map((part) => part.trim());
    return parts.length > 1 && parts.every((part) => numericValue.test(part)) ? parts : [raw.trim()];
  });
  const ids = values.map((value) => parseEntityId(value)).filter((id) => id !== null);
  return [...new Set(ids)].sort((a, b) => a - b).map(String);
}

function text(params: URLSearchParams, name: string): string {
  return normalizeSearchText(params.get(name) ?? '');
}

function roundCoordinate(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

/** Coordinates as the URL carries them: 5 decimals (about 1 m). */
export function roundPoint(point: GeoPoint): GeoPoint {
  return { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon) };
}

function coordinate(params: URLSearchParams, name: 'lat' | 'lon'): number | null {
  const raw = params.get(name)?.trim() ?? '';
  if (raw === '') return null;
  const value = Number(raw);
  const limit = name === 'lat' ? 90 : 180;
  return Number.isFinite(value) && Math.abs(value) <= limit ? roundCoordinate(value) : null;
}

function positiveInteger(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function hasRadius(
  locationType: LocationType,
  options: Pick<SearchUrlOptions, 'radiusHiddenForLocationTypes'>,
): boolean {
  return !options.radiusHiddenForLocationTypes.includes(locationType);
}

/** The text parameters and their limits (characters). */
export const searchTextLimits = {
  search: maxSearchTextLength,
  title: maxSearchTextLength,
  location: maxPlaceNameLength,
} as const;
export type SearchTextParam = keyof typeof searchTextLimits;

export interface SearchTextIssue {
  param: SearchTextParam;
  problem: TextProblem;
  maxLength: number;
}

/** The text parameters that cannot be searched for (control characters, too long), in canonical order. */
export function searchTextIssues(params: URLSearchParams): SearchTextIssue[] {
  return Object.entries(searchTextLimits).flatMap(([param, maxLength]) => {
    const problem = textProblem(params.get(param) ?? '', maxLength);
    return problem ? [{ param: param as SearchTextParam, problem, maxLength }] : [];
  });
}

/** URL query → search state. Never throws: whatever cannot be read is left out. */
export function parseSearchParams<TField extends string = JobFacetField>(
  params: URLSearchParams,
  options: SearchUrlOptions<TField>,
): SearchState<TField> {
  const state = emptySearchState<TField>();
  state.search = text(params, 'search');
  state.title = text(params, 'title');

  const label = text(params, 'location');
  const lat = coordinate(params, 'lat');
  const lon = coordinate(params, 'lon');
  const point = lat !== null && lon !== null ? { lat, lon } : null;
  if (label !== '' || point) {
    const rawType = params.get('locationType');
    const locationType = locationTypes.find((type) => type === rawType) ?? 'city';
    const radius = positiveInteger(params.get('radius'));
    state.location = {
      label,
      point,
      locationType,
      radius:
        radius !== null && hasRadius(locationType, options) && options.radiusOptionsKm.includes(radius)
          ? radius
          : options.defaultRadiusKm,
    };
  }

  for (const field of facetFieldsOf(options)) {
    const values = normalizeFacetValues(params.getAll(field));
    if (values.length > 0) state.facets[field] = values;
  }

  const minSalary = Number(params.get('minSalary') ?? '');
  if (params.get('minSalary')?.trim() && Number.isFinite(minSalary) && minSalary > 0 && minSalary <= maxMinSalary) {
    state.minSalary = Math.round(minSalary);
  }
  if (params.get('sort') === 'publish_date_desc') state.sort = 'publish_date_desc';
  state.page = positiveInteger(params.get('page')) ?? 1;
  return state;
}

/** Search state → canonical URL query (without "?"). Empty and default values are left out. */
export function toSearchParams<TField extends string = JobFacetField>(
  state: SearchState<TField>,
  options: SearchUrlOptions<TField>,
): URLSearchParams {
  const params = new URLSearchParams();
  const add = (name: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined) return;
    const string = String(value).trim();
    if (string !== '') params.append(name, string);
  };
  add('search', state.search);
  add('title', state.title);
  const { location } = state;
  if (location) {
    add('location', location.label);
    if (location.point) {
      add('lat', roundCoordinate(location.point.lat));
      add('lon', roundCoordinate(location.point.lon));
    }
    if (location.label !== '' || location.point) {
      if (location.locationType !== 'city') add('locationType', location.locationType);
      if (hasRadius(location.locationType, options) && location.radius !== options.defaultRadiusKm) {
        add('radius', location.radius);
      }
    }
  }
  for (const field of facetFieldsOf(options)) {
    for (const value of normalizeFacetValues(state.facets[field] ?? [])) add(field, value);
  }
  if (state.minSalary !== null && state.minSalary > 0) add('minSalary', Math.round(state.minSalary));
  if (state.sort !== 'relevancy') add('sort', state.sort);
  if (state.page > 1) add('page', state.page);
  return params;
}

/** "?a=1&b=2" or "" for a query. */
export function toQueryString(params: URLSearchParams): string {
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The URL of a search: path (e.g. /jobs/minijobs) plus its canonical query. */
export function searchUrl<TField extends string = JobFacetField>(
  path: string,
  state: SearchState<TField>,
  options: SearchUrlOptions<TField>,
): string {
  return path + toQueryString(toSearchParams(state, options));
}

/** Parameters the search does not read, in their original order (utm_source, jobId, …). */
export function extraParams(
  params: URLSearchParams,
  facetFields: readonly string[] = jobFacetFields,
): [string, string][] {
  const names = new Set(searchParamNamesOf(facetFields));
  return [...params].filter(([name]) => !names.has(name));
}

/**
 * The canonical query for a request's query: the search's own parameters in canonical form, followed by
 * the other parameters unchanged. Equal to `search` (as URLSearchParams writes it) when nothing needs to
 * change, so a page can redirect when they differ without ever redirecting twice. With `page`, the same
 * query for that page.
 */
export function canonicalQuery<TField extends string = JobFacetField>(
  search: string,
  options: SearchUrlOptions<TField>,
  page?: number,
): string {
  const params = new URLSearchParams(search);
  const state = parseSearchParams(params, options);
  const canonical = toSearchParams(page === undefined ? state : withPage(state, page), options);
  for (const [name, value] of extraParams(params, facetFieldsOf(options))) canonical.append(name, value);
  return toQueryString(canonical);
}

/** The same search with another page (page 1 drops the parameter). */
export function withPage<TState extends SearchState<string>>(state: TState, page: number): TState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** The same search with one facet value added or removed; any change of filters starts again at page 1. */
export function withFacetValue<TField extends string = JobFacetField>(
  state: SearchState<TField>,
  field: NoInfer<TField>,
  value: string,
  isSelected: boolean,
): SearchState<TField> {
  const current = state.facets[field] ?? [];
  const next = isSelected ? [...current, value] : current.filter((candidate) => candidate !== value);
  const facets: FacetFilters<TField> = { ...state.facets };
  const values = normalizeFacetValues(next);
  if (values.length > 0) facets[field] = values;
  else delete facets[field];
  return { ...state, facets, page: 1 };
}

/** Page n starts at (n - 1) × page size (SPEC section 5). */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

// ---------------------------------------------------------------------------------------------------------
// GraphQL input
// ---------------------------------------------------------------------------------------------------------

/** The GraphQL `JobSearchInput` as `toSearchInput` builds it: sort, page and page size always set. */
export type JobSearchInput = GeneratedJobSearchInput & { sort: JobSort; page: number; pageSize: number };

/** The state's facet selections as GraphQL `[{ field, values }]`, in the order of `fields`. */
export function facetFilterInputs<TField extends string>(
  state: SearchState<TField>,
  fields: readonly TField[],
): { field: TField; values: string[] }[] {
  return fields.flatMap((field) => {
    const values = state.facets[field] ?? [];
    return values.length > 0 ? [{ field, values: [...values] }] : [];
  });
}

/** The state's place as the GraphQL `GeoLocationInput`; none without coordinates (see `toSearchInput`). */
export function locationInput(
  state: SearchState<string>,
  options: Pick<SearchUrlOptions, 'radiusHiddenForLocationTypes'>,
): NonNullable<GeneratedJobSearchInput['location']> | undefined {
  const { location } = state;
  if (!location?.point) return undefined;
  return {
    lat: location.point.lat,
    lon: location.point.lon,
    locationType: location.locationType,
    ...(hasRadius(location.locationType, options) ? { radius: location.radius } : {}),
    ...(location.label ? { label: location.label } : {}),
  };
}

/**
 * State (+ the category of the path) → `JobSearchInput`. A location without coordinates is left out: the
 * page resolves typed places first (see resolve-location.ts).
 */
export function toSearchInput(
  state: JobSearchState,
  category: string | null | undefined,
  options: SearchUrlOptions & { pageSize: number },
): JobSearchInput {
  const input: JobSearchInput = { sort: state.sort, page: state.page, pageSize: options.pageSize };
  if (state.search) input.search = state.search;
  if (state.title) input.title = state.title;
  if (category) input.category = category;
  const location = locationInput(state, options);
  if (location) input.location = location;
  const facets = facetFilterInputs(state, jobFacetFields);
  if (facets.length > 0) input.facets = facets;
  if (state.minSalary !== null) input.minYearlySalary = state.minSalary;
  return input;
}

// ---------------------------------------------------------------------------------------------------------
// SEO (SPEC section 9)
// ---------------------------------------------------------------------------------------------------------

/**
 * Clean facets of a listing: the category of the path, a location given by name with the default radius,
 * and each facet filtered to exactly one value.
 */
export function countCleanFacets<TField extends string = JobFacetField>(
  state: SearchState<TField>,
  category?: string | null,
  options?: Pick<SearchUrlOptions<TField>, 'defaultRadiusKm' | 'facetFields'>,
): number {
  let count = category ? 1 : 0;
  if (state.location && isCleanLocation(state.location, options)) count += 1;
  for (const field of facetFieldsOf(options)) if (state.facets[field]?.length === 1) count += 1;
  return count;
}

function isCleanLocation(location: LocationFilter, options?: Pick<SearchUrlOptions, 'defaultRadiusKm'>): boolean {
  return location.label !== '' && (options === undefined || location.radius === options.defaultRadiusKm);
}

/**
 * Whether a listing may be indexed. Decision:
 * - no results → noindex (SPEC 9);
 * - only clean facets, at most `maxCleanFacets` of them (2 for jobs) → index;
 * - anything that is not a clean facet makes the page a one-off result page that search engines should not
 *   keep: free text (search, title), a minimum salary, a sort order, page > 1 (the jobs of later pages are
 *   reached through `follow` and the sitemap), a facet with several values, a non-default radius, or a
 *   place given only by coordinates.
 */
export function isIndexable<TField extends string = JobFacetField>(
  state: SearchState<TField>,
  total: number,
  options: Pick<SearchUrlOptions<TField>, 'defaultRadiusKm' | 'facetFields'> & {
    maxCleanFacets: number;
    category?: string | null;
  },
): boolean {
  if (total <= 0) return false;
  if (state.search || state.title || state.minSalary !== null) return false;
  if (state.sort !== 'relevancy' || state.page > 1) return false;
  if (state.location && !isCleanLocation(state.location, options)) return false;
  if (facetFieldsOf(options).some((field) => (state.facets[field]?.length ?? 0) > 1)) return false;
  return countCleanFacets(state, options.category, options) <= options.maxCleanFacets;
}

/**
 * The query of the canonical link of an indexable listing: its clean facets only, the place by name
 * (without coordinates: the server resolves the name the same way every time).
 */
export function canonicalListingQuery<TField extends string = JobFacetField>(
  state: SearchState<TField>,
  options: SearchUrlOptions<TField>,
): string {
  const clean: SearchState<TField> = {
    ...emptySearchState<TField>(),
    facets: state.facets,
    location: state.location && { ...state.location, point: null },
  };
  return toQueryString(toSearchParams(clean, options));
}
