/**
 * The one schema of a job search request: the GraphQL `JobSearchInput` as the API receives it, checked
 * and turned into the `JobSearchRequest` every engine reads. The radius options and default are the
 * brand's (SPEC 9); the limits are those of the search vocabulary (src/lib/search/vocabulary.ts) and the
 * text rules the listing page applies to its URL (src/lib/search/text-rules.ts).
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/index.ts';
import { isEntityId } from '../../lib/entity-id.ts';
import { maxPlaceNameLength, maxSearchTextLength } from '../../lib/search/text-rules.ts';
import {
  defaultPageSize,
  facetValueLimit,
  jobFacetFields,
  jobSorts,
  locationTypes,
  maxCategoryLength,
  maxFacetFilters,
  maxMinSalary,
  maxPage,
  maxPageSize,
  type JobFacetField,
} from '../../lib/search/vocabulary.ts';
import { searchTextSchema } from './text-schema.ts';
import type { JobSearchRequest } from './types.ts';

/** A number from `min` to `max`, refused with a message that names the field and the range. */
function between(name: string, min: number, max: number, number: z.ZodNumber = z.number()) {
  const error = `${name} must be between ${min} and ${max}`;
  return number.min(min, { error }).max(max, { error });
}

export function jobSearchRequestSchema(geo: Pick<Brand['constants']['geo'], 'radiusOptionsKm' | 'defaultRadiusKm'>) {
  const { radiusOptionsKm, defaultRadiusKm } = geo;
  const text = (name: string) => searchTextSchema(name, maxSearchTextLength).nullish();
  return z
    .object({
      search: text('search'),
      title: text('title'),
      category: z.string().max(maxCategoryLength).nullish(),
      location: z
        .object({
          lat: between('location.lat', -90, 90),
          lon: between('location.lon', -180, 180),
          radius: z
            .number()
            .refine((radius) => radiusOptionsKm.includes(radius), {
              error: `location.radius must be one of ${radiusOptionsKm.join(', ')} km`,
            })
            .nullish(),
          label: searchTextSchema('location.label', maxPlaceNameLength).nullish(),
          locationType: z.enum(locationTypes).nullish(),
        })
        .nullish(),
      facets: z
        .array(
          z.object({
            field: z.enum(jobFacetFields),
            values: z
              .array(z.string().refine(isEntityId, { error: 'facet values must be ids such as "12"' }))
              .max(facetValueLimit),
          }),
        )
        .max(maxFacetFilters)
        .nullish(),
      minYearlySalary: z
        .number()
        .min(0, { error: 'minYearlySalary must be 0 or more' })
        .max(maxMinSalary, { error: `minYearlySalary must be at most ${maxMinSalary}` })
        .nullish(),
      sort: z.enum(jobSorts).nullish(),
      page: between('page', 1, maxPage, z.number().int()).nullish(),
      pageSize: between('pageSize', 1, maxPageSize, z.number().int()).nullish(),
    })
    .transform((input): JobSearchRequest => {
      const facets: Partial<Record<JobFacetField, string[]>> = {};
      // The same field twice adds up (OR), as repeated URL parameters do.
      for (const { field, values } of input.facets ?? []) facets[field] = [...(facets[field] ?? []), ...values];
      const { location } = input;
      return {
        search: input.search ?? undefined,
        title: input.title ?? undefined,
        category: input.category ?? undefined,
        facets,
        location: location
          ? {
              lat: location.lat,
              lon: location.lon,
              radiusKm: location.radius ?? defaultRadiusKm,
              label: location.label ?? undefined,
              locationType: location.locationType ?? 'city',
            }
          : undefined,
        minYearlySalary: input.minYearlySalary ?? undefined,
        sort: input.sort ?? 'relevancy',
        page: input.page ?? 1,
        pageSize: input.pageSize ?? defaultPageSize,
      };
    });
}
