import { defineOperation } from '../backend-client/index.ts';
import type { JobFacetField, JobSearchInput } from '../search/search-url.ts';
import type { LocationSuggestion } from '../search/resolve-location.ts';
import type { SalaryRange } from './content.ts';

export interface JobSearchItem {
  id: number;
  title: string;
  url: string;
  isTop: boolean;
  publishedAt: string | null;
  organization: { name: string; url: string; logo: { url: string; alt: string } | null };
  locations: { address: { locality: string | null; postalCode: string | null } }[];
  employmentTypes: { label: string }[];
  remoteOption: { label: string } | null;
  salary: SalaryRange | null;
}

export interface JobSearchHit {
  job: JobSearchItem;
  /** Distance to the job's nearest location when a location is searched. */
  distanceKm: number | null;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface Facet {
  field: JobFacetField;
  values: FacetValue[];
}

export interface JobSearchResult {
  total: number;
  page: number;
  pageSize: number;
  items: JobSearchHit[];
  facets: Facet[];
}

export const searchJobs = defineOperation<{ searchJobs: JobSearchResult }, { input: JobSearchInput }>(
  'searchJobs',
  `query searchJobs($input: JobSearchInput!) {
    searchJobs(input: $input) {
      total page pageSize
      items {
        distanceKm
        job {
          id title url isTop publishedAt
          organization { name url logo { url alt } }
          locations { address { locality postalCode } }
          employmentTypes { label }
          remoteOption { label }
          salary { min max currencyCode unit }
        }
      }
      facets { field values { value label count } }
    }
  }`,
);

export const locationSuggestions = defineOperation<
  { locationSuggestions: LocationSuggestion[] },
  { query: string; limit?: number }
>(
  'locationSuggestions',
  `query locationSuggestions($query: String!, $limit: Int) {
    locationSuggestions(query: $query, limit: $limit) { label lat lon locationType country administrativeArea }
  }`,
);

export interface LocationAlternatives {
  /** outside_area: a place of that name lies outside the brand's area; unknown: no place has that name. */
  reason: 'outside_area' | 'unknown';
  places: LocationSuggestion[];
}

export const locationAlternatives = defineOperation<
  { locationAlternatives: LocationAlternatives },
  { query: string; limit?: number }
>(
  'locationAlternatives',
  `query locationAlternatives($query: String!, $limit: Int) {
    locationAlternatives(query: $query, limit: $limit) {
      reason
      places { label lat lon locationType country administrativeArea }
    }
  }`,
);
