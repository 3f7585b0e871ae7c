/**
 * The job search as resolvers see it. Everything behind these functions (the engines of engine.ts: an
 * in-memory index over the database, decision 0008) may change without touching them.
 */
export { searchJobs, setDefaultSearchEngine } from './search-jobs.ts';
export { jobSearchRequestSchema } from './job-search-request.ts';
export {
  suggestAlternativeLocations,
  suggestLocations,
  type AlternativeLocationsOptions,
  type SuggestLocationsOptions,
} from './location-suggestions.ts';
export * from './types.ts';
export { searchOrganizations, type OrganizationSearchResult } from './search-organizations.ts';
export {
  organizationSearchRequestSchema,
  type OrganizationSearchHit,
  type OrganizationSearchRequest,
} from './organization-filter.ts';
