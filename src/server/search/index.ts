/**
 * The job search as pages and resolvers see it. Everything behind these functions (SQL today, maybe a
 * dedicated engine later) may change without touching them.
 */
export { searchJobs, jobSearchRequestSchema } from './search-jobs.ts';
export { suggestLocations, type SuggestLocationsOptions } from './location-suggestions.ts';
export * from './types.ts';
