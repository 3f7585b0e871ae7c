/**
 * The job search: the request's filter prepared once (job-filter.ts), then answered by the first engine
 * that can (engine.ts): the machine's search service when there is one (SEARCH_SERVICE_SOCKET, decision
 * 0031), else the worker's in-memory index while it is current and the board is within SEARCH_INDEX_MAX_JOBS
 * (decision 0008, docs/scaling.md); the SQL statement (decision 0006) when neither answers. All count facets by the rules of
 * facets.ts, so they give the same totals, facets and date-sorted pages.
 */
import { defaultPageSize, facetValueLimit, jobFacetFields } from '../../lib/search/vocabulary.ts';
import { getConfig } from '../config.ts';
import { searchWith } from './engine.ts';
import { FacetSelection } from './facets.ts';
import { jobFilterOf } from './job-filter.ts';
import { searchServiceSocket, serviceJobEngine } from './job-search-service.ts';
import { indexJobEngine } from './search-index.ts';
import { sqlJobEngine } from './sql-job-engine.ts';
import type { JobSearchResult, SearchJobsOptions } from './types.ts';

type Engine = NonNullable<SearchJobsOptions['engine']>;
let defaultEngine: Engine = 'auto';

/** The engine of searches that name none (tests run the whole suite once per engine). */
export function setDefaultSearchEngine(engine: Engine): void {
  defaultEngine = engine;
}

/**
 * The search: the page of hits with their distance and rank, the number of all hits and the six facets,
 * labels in the request's language. The request is the checked output of job-search-request.ts.
 */
export async function searchJobs(options: SearchJobsOptions): Promise<JobSearchResult> {
  const { db, input: request } = options;
  const filter = await jobFilterOf(db, request, options.brandId);
  const engine = options.engine ?? defaultEngine;
  const database = sqlJobEngine(db);
  const index = indexJobEngine(db, {
    wait: engine === 'index',
    maxJobs: options.indexMaxJobs ?? getConfig().SEARCH_INDEX_MAX_JOBS,
  });
  const serviceSocket = searchServiceSocket(options.serviceSocket);
  const engines =
    engine === 'database'
      ? [database]
      : engine === 'auto' && serviceSocket
        ? [serviceJobEngine(serviceSocket), database]
        : [index, database];
  return searchWith(engines, {
    filter,
    facets: new FacetSelection(jobFacetFields, request.facets ?? {}),
    byRank: filter.text !== null && (request.sort ?? 'relevancy') === 'relevancy',
    page: request.page ?? 1,
    pageSize: request.pageSize ?? defaultPageSize,
    locale: options.locale,
    facetValueLimit,
  });
}
