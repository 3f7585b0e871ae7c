/**
 * The organization search (issue 15): its request (the GraphQL `OrganizationSearchInput`, checked with
 * the parts every entity shares, search-request.ts), what narrows its base set, and its hit.
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/index.ts';
import { maxSearchTextLength } from '../../lib/search/text-rules.ts';
import { organizationFacetFields, type OrganizationFacetField } from '../../lib/search/vocabulary.ts';
import type { Database } from '../db/index.ts';
import { locationFilterOf, type LocationFilter, type SearchLocation } from './location-filter.ts';
import {
  facetFiltersInputSchema,
  facetSelectionsOf,
  locationInputSchema,
  pageInputSchema,
  pageSizeInputSchema,
  searchLocationOf,
} from './search-request.ts';
import { buildTextQuery, type TextQuery } from './text-query.ts';
import { searchTextSchema } from './text-schema.ts';

export interface OrganizationSearchRequest {
  /** Full text over name, alternative name and presentation. */
  search?: string;
  facets?: Partial<Record<OrganizationFacetField, string[]>>;
  location?: SearchLocation;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface OrganizationSearchHit {
  organizationId: number;
  /** Distance to the organization's nearest location (address or further location) around a place. */
  distanceKm: number | null;
  rank: number;
}

export interface OrganizationFilter {
  brandId: string;
  text: TextQuery | null;
  location: LocationFilter | null;
}

/** The request schema; radius options of the brand, default radius the organizations' (SPEC 9: 25 km). */
export function organizationSearchRequestSchema(brand: Pick<Brand, 'constants'>) {
  const { geo, pageSize } = brand.constants;
  return z
    .object({
      search: searchTextSchema('search', maxSearchTextLength).nullish(),
      location: locationInputSchema(geo).nullish(),
      facets: facetFiltersInputSchema(organizationFacetFields).nullish(),
      page: pageInputSchema,
      pageSize: pageSizeInputSchema,
    })
    .transform((input): OrganizationSearchRequest => ({
      search: input.search ?? undefined,
      facets: facetSelectionsOf(input.facets),
      location: searchLocationOf(input.location, geo.organizationDefaultRadiusKm),
      page: input.page ?? 1,
      pageSize: input.pageSize ?? pageSize.organizations,
    }));
}

export async function organizationFilterOf(
  db: Database,
  request: OrganizationSearchRequest,
  brandId: string,
): Promise<OrganizationFilter> {
  return {
    brandId,
    text: request.search?.trim() ? await buildTextQuery(db, request.search) : null,
    location: locationFilterOf(request.location),
  };
}
