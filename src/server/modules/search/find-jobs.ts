import type { Brand, BrandId, Locale } from '../../../../brands/index.ts';
import type { Database } from '../../db/index.ts';
import {
  jobSearchRequestSchema,
  organizationSearchRequestSchema,
  searchJobs,
  searchOrganizations,
  type JobSearchResult,
  type OrganizationSearchResult,
} from '../../search/index.ts';
import { parseInput } from '../../validation.ts';

/** `searchJobs` of the GraphQL API: the request brand's open jobs, facets labelled in its language. */
export function findJobs(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<JobSearchResult> {
  return searchJobs({
    db: options.db,
    input: parseInput(jobSearchRequestSchema(options.brand.constants.geo), options.input),
    locale: options.locale,
    brandId: options.brand.id as BrandId,
  });
}

/** `searchOrganizations` of the GraphQL API: the request brand's published organizations. */
export function findOrganizations(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<OrganizationSearchResult> {
  return searchOrganizations({
    db: options.db,
    input: parseInput(organizationSearchRequestSchema(options.brand), options.input),
    locale: options.locale,
    brandId: options.brand.id,
  });
}
