import { z } from 'zod';
import type { Brand, BrandId, Locale } from '../../../../brands/index.ts';
import type { Database } from '../../db/index.ts';
import {
  jobFacetFields,
  jobSorts,
  locationTypes,
  searchJobs,
  type JobFacetField,
  type JobSearchRequest,
  type JobSearchResult,
} from '../../search/index.ts';
import { maxPage, maxPageSize, maxSearchLength } from '../../search/search-jobs.ts';
import { searchTextSchema } from '../../search/text-schema.ts';
import { maxPlaceNameLength } from '../../../lib/search/text-rules.ts';
import { isEntityId } from '../../../lib/entity-id.ts';
import { maxMinSalary } from '../../../lib/search/search-url.ts';
import { parseInput } from '../../validation.ts';

/** The GraphQL `JobSearchInput`; the radius options and default are the brand's (SPEC 9). */
function inputSchema(brand: Brand) {
  const { radiusOptionsKm, defaultRadiusKm } = brand.constants.geo;
  const options = radiusOptionsKm.join(', ');
  const text = (name: string) => searchTextSchema(name, maxSearchLength).nullish();
  return z.object({
    search: text('search'),
    title: text('title'),
    category: z.string().max(200).nullish(),
    location: z
      .object({
        lat: z
          .number()
          .min(-90, { error: 'location.lat must be between -90 and 90' })
          .max(90, { error: 'location.lat must be between -90 and 90' }),
        lon: z
          .number()
          .min(-180, { error: 'location.lon must be between -180 and 180' })
          .max(180, { error: 'location.lon must be between -180 and 180' }),
        radius: z
          .number()
          .refine((radius) => radiusOptionsKm.includes(radius), {
            error: `location.radius must be one of ${options} km`,
          })
          .nullish(),
        label: searchTextSchema('location.label', maxPlaceNameLength).nullish(),
        locationType: z.enum(locationTypes).nullish(),
      })
      .transform((location) => ({ ...location, radius: location.radius ?? defaultRadiusKm }))
      .nullish(),
    facets: z
      .array(
        z.object({
          field: z.enum(jobFacetFields),
          values: z.array(z.string().refine(isEntityId, { error: 'facet values must be ids such as "12"' })).max(100),
        }),
      )
      .max(20)
      .nullish(),
    minYearlySalary: z
      .number()
      .min(0, { error: 'minYearlySalary must be 0 or more' })
      .max(maxMinSalary, { error: `minYearlySalary must be at most ${maxMinSalary}` })
      .nullish(),
    sort: z.enum(jobSorts).nullish(),
    page: z
      .number()
      .int()
      .min(1, { error: `page must be between 1 and ${maxPage}` })
      .max(maxPage, { error: `page must be between 1 and ${maxPage}` })
      .nullish(),
    pageSize: z
      .number()
      .int()
      .min(1, { error: `pageSize must be between 1 and ${maxPageSize}` })
      .max(maxPageSize, { error: `pageSize must be between 1 and ${maxPageSize}` })
      .nullish(),
  });
}

type SearchInput = z.infer<ReturnType<typeof inputSchema>>;

function toRequest(input: SearchInput): JobSearchRequest {
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
          radiusKm: location.radius,
          label: location.label ?? undefined,
          locationType: location.locationType ?? 'city',
        }
      : undefined,
    minYearlySalary: input.minYearlySalary ?? undefined,
    sort: input.sort ?? 'relevancy',
    page: input.page ?? 1,
    pageSize: input.pageSize ?? 10,
  };
}

/** `searchJobs` of the GraphQL API: the request brand's open jobs, facets labelled in its language. */
export function findJobs(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<JobSearchResult> {
  const input = parseInput(inputSchema(options.brand), options.input);
  return searchJobs({
    db: options.db,
    input: toRequest(input),
    locale: options.locale,
    brandId: options.brand.id as BrandId,
  });
}
