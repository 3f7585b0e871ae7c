/**
 * The job search as pages and resolvers see it. Everything behind these functions (an in-memory index
 * over the database, decision 0008) may change without touching them.
 */
export { searchJobs, jobSearchRequestSchema, setDefaultSearchEngine } from './search-jobs.ts';
export {
  suggestAlternativeLocations,
  suggestLocations,
  type AlternativeLocationsOptions,
  type SuggestLocationsOptions,
} from './location-suggestions.ts';
export * from './types.ts';
