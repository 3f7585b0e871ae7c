/**
 * The one schema of a resume search request (issue 17): the GraphQL `ResumeSearchInput`, checked with the
 * parts every entity's search shares (search-request.ts): the text, the place with the brand's radius
 * options and the resume default (SPEC 9: 100 km), the facet selections of the resume facets, the page.
 * The page size is the brand's (SPEC 9: 10).
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/index.ts';
import { maxPlaceNameLength, maxSearchTextLength } from '../../lib/search/text-rules.ts';
import { resumeFacetFields, type ResumeFacetField } from '../db/schema/resumes.ts';
import type { SearchLocation } from './location-filter.ts';
import { placeNamed } from './places.ts';
import {
  between,
  facetFiltersInputSchema,
  facetSelectionsOf,
  locationInputSchema,
  pageInputSchema,
  searchLocationOf,
} from './search-request.ts';
import { searchTextSchema } from './text-schema.ts';

export interface ResumeSearchRequest {
  search: string | undefined;
  location: SearchLocation | undefined;
  facets: Partial<Record<ResumeFacetField, string[]>>;
  page: number;
  pageSize: number;
}

/** A place typed as a name ("Freiburg", "Bayern"): the gazetteer's place, largest first; undefined when unknown. */
export function placeByName(name: string, radiusKm: number): SearchLocation | undefined {
  const place = placeNamed(name);
  if (!place) return undefined;
  return {
    lat: place.lat,
    lon: place.lon,
    radiusKm,
    label: place.labels.de,
    locationType: place.locationType,
    ...(place.administrativeArea ? { administrativeArea: place.administrativeArea } : {}),
  };
}

export function resumeSearchRequestSchema(brand: Pick<Brand, 'constants'>) {
  const { radiusOptionsKm, resumeDefaultRadiusKm } = brand.constants.geo;
  return z
    .object({
      search: searchTextSchema('search', maxSearchTextLength).nullish(),
      location: locationInputSchema({ radiusOptionsKm }).nullish(),
      place: searchTextSchema('place', maxPlaceNameLength).nullish(),
      radius: between('radius', 1, 1000, z.number().int())
        .refine((radius) => radiusOptionsKm.includes(radius), {
          error: `radius must be one of ${radiusOptionsKm.join(', ')} km`,
        })
        .nullish(),
      facets: facetFiltersInputSchema(resumeFacetFields).nullish(),
      page: pageInputSchema,
    })
    .transform((input): ResumeSearchRequest & { unknownPlace: boolean } => {
      const radius = input.radius ?? input.location?.radius ?? resumeDefaultRadiusKm;
      const named = input.place?.trim() ? placeByName(input.place, radius) : undefined;
      return {
        search: input.search ?? undefined,
        location:
          named ?? searchLocationOf(input.location ? { ...input.location, radius } : null, resumeDefaultRadiusKm),
        unknownPlace: !!input.place?.trim() && !named,
        facets: facetSelectionsOf(input.facets),
        page: input.page ?? 1,
        pageSize: brand.constants.pageSize.resumes,
      };
    });
}
