/**
 * The job search interface. Pages and resolvers only see these types and the functions of
 * `src/server/search/index.ts`, so PostgreSQL full-text search can later give way to a dedicated engine.
 */
import type { BrandId, Locale } from '../../../brands/index.ts';
import type { Database } from '../db/index.ts';

export const jobFacetFields = [
  'remoteOptions',
  'employmentType',
  'industry',
  'occupations',
  'yearsOfExperience',
  'company',
] as const;
/** The job facets of SPEC section 3; every one is multi-select (OR within, AND across facets). */
export type JobFacetField = (typeof jobFacetFields)[number];

export const jobSorts = ['relevancy', 'publish_date_desc'] as const;
/** SPEC section 3: relevancy means "no explicit sort" (rank with a search term, else newest first). */
export type JobSort = (typeof jobSorts)[number];

export const locationTypes = ['city', 'administrative_area', 'country'] as const;
export type LocationType = (typeof locationTypes)[number];

export interface JobSearchLocation {
  lat: number;
  lon: number;
  /** Only for `city`: administrative areas and countries have no radius (SPEC 9). */
  radiusKm: number;
  label?: string;
  locationType?: LocationType;
  /**
   * For `administrative_area`: the area as stored with job locations (e.g. "Bayern"). When missing it is
   * taken from `label` (in any of the site languages), else from the point.
   */
  administrativeArea?: string;
  /** For `country`: ISO 3166-1 alpha-2 code. When missing it is taken from `label`, else from the point. */
  country?: string;
}

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

export interface JobFacetValue {
  /** Term id, or organization id for `company`. */
  value: string;
  label: string;
  count: number;
}

export interface JobFacet {
  field: JobFacetField;
  values: JobFacetValue[];
}

export interface JobSearchResult {
  total: number;
  page: number;
  pageSize: number;
  items: JobSearchHit[];
  facets: JobFacet[];
}

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
