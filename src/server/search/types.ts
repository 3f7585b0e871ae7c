/**
 * The job search interface. Resolvers only see these types and the functions of `src/server/search/index.ts`;
 * the engines behind them (engine.ts) may change without touching them.
 */
import type { BrandId, Locale } from '../../../brands/index.ts';
import type { Database } from '../db/index.ts';
import type { JobFacetField, JobSort, LocationType } from '../../lib/search/vocabulary.ts';
import type { Facet, FacetValue, SearchResult } from './engine.ts';
import type { SearchLocation } from './location-filter.ts';

export type { SearchLocation } from './location-filter.ts';

export {
  jobFacetFields,
  jobSorts,
  locationTypes,
  type JobFacetField,
  type JobSort,
  type LocationType,
} from '../../lib/search/vocabulary.ts';
export type { Facet, FacetValue, SearchResult } from './engine.ts';

/** The place of a job search (location-filter.ts, shared by every entity's search). */
export type JobSearchLocation = SearchLocation;

export interface JobSearchRequest {
  /** Full text over title, organization, skills and description (stemmed, with prefixes and compounds). */
  search?: string;
  /** Case-insensitive substring of the title (SPEC 5: a LIKE match). */
  title?: string;
  /** Facet selections: ids as strings; OR within a facet, AND across facets. */
  facets?: Partial<Record<JobFacetField, string[]>>;
  /** Slug of an occupational field (/jobs/<slug>). */
  category?: string;
  location?: JobSearchLocation;
  /** Jobs whose yearly salary (the maximum, else the minimum) reaches this amount. */
  minYearlySalary?: number;
  /**
   * Only jobs published in (after, until]: the window of a job alert's digest (issue 14). Not part of the
   * API's search input.
   */
  published?: { after: Date; until: Date };
  sort?: JobSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface JobSearchHit {
  jobId: number;
  /** Distance to the job's nearest location when searching around a place, else null. */
  distanceKm: number | null;
  /** Relevance; 0 without a search term. */
  rank: number;
}

export type JobFacetValue = FacetValue;
export type JobFacet = Facet<JobFacetField>;
export type JobSearchResult = SearchResult<JobSearchHit, JobFacetField>;

export interface SearchJobsOptions {
  db: Database;
  input: JobSearchRequest;
  /** Language of the facet labels. */
  locale: Locale;
  /** Restricts the search to the jobs of one brand (jobs.frontend). */
  brandId?: BrandId;
  /**
   * Who answers: `auto` (default) the in-memory index when it is current, else the database; tests and
   * benchmarks name one (`index` waits until the index is current).
   */
  engine?: 'auto' | 'database' | 'index';
  /** Published jobs above which no index is built (default: SEARCH_INDEX_MAX_JOBS); tests and benchmarks set it. */
  indexMaxJobs?: number;
  /**
   * The machine's search service (job-search-service.ts), asked first under `auto` (default:
   * SEARCH_SERVICE_SOCKET; null for none).
   */
  serviceSocket?: string | null;
}

export interface GeoBounds {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

export interface LocationSuggestion {
  label: string;
  lat: number;
  lon: number;
  locationType: LocationType;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The Bundesland (canton, région) of a city, the area itself for an area, null for a country. */
  administrativeArea: string | null;
}

/** Places to offer for a name the suggestions found nothing for (see `suggestAlternativeLocations`). */
export interface LocationAlternatives {
  /** `outside_area`: a place of that name exists outside the brand's area; `unknown`: no place has it. */
  reason: 'outside_area' | 'unknown';
  places: LocationSuggestion[];
}
