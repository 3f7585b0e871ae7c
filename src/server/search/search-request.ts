/**
 * The parts every entity's search request schema shares (jobs in job-search-request.ts, organizations,
 * resumes): a number in a range, the place to search around (radius options and default of the brand,
 * SPEC 9), the facet selections of the entity's fields, and page/page size.
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/index.ts';
import { isEntityId } from '../../lib/entity-id.ts';
import { maxPlaceNameLength } from '../../lib/search/text-rules.ts';
import { facetValueLimit, locationTypes, maxFacetFilters, maxPage, maxPageSize } from '../../lib/search/vocabulary.ts';
import type { SearchLocation } from './location-filter.ts';
import { searchTextSchema } from './text-schema.ts';

type GeoOptions = Pick<Brand['constants']['geo'], 'radiusOptionsKm'>;

/** A number from `min` to `max`, refused with a message that names the field and the range. */
export function between(name: string, min: number, max: number, number: z.ZodNumber = z.number()) {
  const error = `${name} must be between ${min} and ${max}`;
  return number.min(min, { error }).max(max, { error });
}

/** The GraphQL `GeoLocationInput`: radius (km) one of the brand's options. */
export function locationInputSchema({ radiusOptionsKm }: GeoOptions) {
  return z.object({
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
  });
}

/** The checked location input → the place of the search; the radius defaults to `defaultRadiusKm`. */
export function searchLocationOf(
  location: z.output<ReturnType<typeof locationInputSchema>> | null | undefined,
  defaultRadiusKm: number,
): SearchLocation | undefined {
  if (!location) return undefined;
  return {
    lat: location.lat,
    lon: location.lon,
    radiusKm: location.radius ?? defaultRadiusKm,
    label: location.label ?? undefined,
    locationType: location.locationType ?? 'city',
  };
}

/** The facet selections of an entity: `[{ field, values }]` with ids as values. */
export function facetFiltersInputSchema<const TField extends string>(fields: readonly [TField, ...TField[]]) {
  return z
    .array(
      z.object({
        field: z.enum(fields),
        values: z
          .array(z.string().refine(isEntityId, { error: 'facet values must be ids such as "12"' }))
          .max(facetValueLimit),
      }),
    )
    .max(maxFacetFilters);
}

/** Facet filters → ids per field; the same field twice adds up (OR), as repeated URL parameters do. */
export function facetSelectionsOf<TField extends string>(
  filters: readonly { field: TField; values: string[] }[] | null | undefined,
): Partial<Record<TField, string[]>> {
  const facets: Partial<Record<TField, string[]>> = {};
  for (const { field, values } of filters ?? []) facets[field] = [...(facets[field] ?? []), ...values];
  return facets;
}

export const pageInputSchema = between('page', 1, maxPage, z.number().int()).nullish();
export const pageSizeInputSchema = between('pageSize', 1, maxPageSize, z.number().int()).nullish();
