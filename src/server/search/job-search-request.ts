/**
 * The one schema of a job search request: the GraphQL `JobSearchInput` as the API receives it, checked
 * and turned into the `JobSearchRequest` every engine reads. The radius options and default are the
 * brand's (SPEC 9) and, like the facets and pages, shared with every entity's search (search-request.ts); the limits are those of the search vocabulary (src/lib/search/vocabulary.ts) and the
 * text rules the listing page applies to its URL (src/lib/search/text-rules.ts).
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/index.ts';
import { maxSearchTextLength } from '../../lib/search/text-rules.ts';
import {
  defaultPageSize,
  jobFacetFields,
  jobSorts,
  maxCategoryLength,
  maxMinSalary,
} from '../../lib/search/vocabulary.ts';
import {
  facetFiltersInputSchema,
  facetSelectionsOf,
  locationInputSchema,
  pageInputSchema,
  pageSizeInputSchema,
  searchLocationOf,
} from './search-request.ts';
import { searchTextSchema } from './text-schema.ts';
import type { JobSearchRequest } from './types.ts';

export function jobSearchRequestSchema(geo: Pick<Brand['constants']['geo'], 'radiusOptionsKm' | 'defaultRadiusKm'>) {
  const { radiusOptionsKm, defaultRadiusKm } = geo;
  const text = (name: string) => searchTextSchema(name, maxSearchTextLength).nullish();
  return z
    .object({
      search: text('search'),
      title: text('title'),
      category: z.string().max(maxCategoryLength).nullish(),
      location: locationInputSchema({ radiusOptionsKm }).nullish(),
      facets: facetFiltersInputSchema(jobFacetFields).nullish(),
      minYearlySalary: z
        .number()
        .min(0, { error: 'minYearlySalary must be 0 or more' })
        .max(maxMinSalary, { error: `minYearlySalary must be at most ${maxMinSalary}` })
        .nullish(),
      sort: z.enum(jobSorts).nullish(),
      page: pageInputSchema,
      pageSize: pageSizeInputSchema,
    })
    .transform((input): JobSearchRequest => {
      return {
        search: input.search ?? undefined,
        title: input.title ?? undefined,
        category: input.category ?? undefined,
        facets: facetSelectionsOf(input.facets),
        location: searchLocationOf(input.location, defaultRadiusKm),
        minYearlySalary: input.minYearlySalary ?? undefined,
        sort: input.sort ?? 'relevancy',
        page: input.page ?? 1,
        pageSize: input.pageSize ?? defaultPageSize,
      };
    });
}
