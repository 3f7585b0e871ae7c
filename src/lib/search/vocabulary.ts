/**
 * The job search vocabulary, one place for the search URL (src/lib/search/search-url.ts), the GraphQL
 * schema and request schema (src/server/modules/search) and the engines (src/server/search): facet fields,
 * sorts, location types and the limits of a request.
 */
import { maxSearchPage } from './pagination.ts';

/** The job facets of SPEC section 3; every one is multi-select (OR within, AND across facets). */
export const jobFacetFields = [
  'remoteOptions',
  'employmentType',
  'industry',
  'occupations',
  'yearsOfExperience',
  'company',
] as const;
export type JobFacetField = (typeof jobFacetFields)[number];

export function isJobFacetField(name: string): name is JobFacetField {
  return (jobFacetFields as readonly string[]).includes(name);
}

/** The organization facets of SPEC section 3 (issue 15), multi-select like the job facets. */
export const organizationFacetFields = ['occupations', 'industry', 'fieldsOfStudy'] as const;
export type OrganizationFacetField = (typeof organizationFacetFields)[number];

/** SPEC section 3: relevancy means "no explicit sort" (rank with a search term, else newest first). */
export const jobSorts = ['relevancy', 'publish_date_desc'] as const;
export type JobSort = (typeof jobSorts)[number];

export const locationTypes = ['city', 'administrative_area', 'country'] as const;
export type LocationType = (typeof locationTypes)[number];

export const defaultPageSize = 10;
export const maxPageSize = 50;
export const maxPage = maxSearchPage;
/** SPEC 3/9: at most 100 values per facet, each with at least one job; a selection takes as many. */
export const facetValueLimit = 100;
/** Facet filters a request may carry (the same field may repeat: its values add up). */
export const maxFacetFilters = 20;
/** The highest minimum yearly salary a search takes; a higher one is no salary anybody pays. */
export const maxMinSalary = 1_000_000_000;
/** Category slugs (/jobs/<slug>) are short; longer ones are not searched for. */
export const maxCategoryLength = 200;
