/**
 * What narrows the base set of a job search, for every job engine alike: the request's brand, text,
 * title, category, place and salary, prepared once (the text parsed into stems, the place into a radius,
 * an area or a country).
 */
import type { Database } from '../db/index.ts';
import { locationFilterOf, type LocationFilter } from './location-filter.ts';
import { buildTextQuery, type TextQuery } from './text-query.ts';
import type { JobSearchRequest } from './types.ts';

export type { LocationFilter } from './location-filter.ts';

export interface JobFilter {
  /** jobs.frontend; every brand's jobs when undefined. */
  brandId: string | undefined;
  text: TextQuery | null;
  /** Lower-case title substring; '' for none. */
  title: string;
  /** Slug of an occupational field or of its parent. */
  category: string | undefined;
  location: LocationFilter | null;
  minYearlySalary: number | undefined;
  /** Published in (after, until] (a job alert's digest window); null for every open job. */
  published: { after: Date; until: Date } | null;
}

export async function jobFilterOf(db: Database, request: JobSearchRequest, brandId?: string): Promise<JobFilter> {
  return {
    brandId,
    text: request.search?.trim() ? await buildTextQuery(db, request.search) : null,
    title: request.title?.trim().toLowerCase() ?? '',
    category: request.category,
    location: locationFilterOf(request.location),
    minYearlySalary: request.minYearlySalary,
    published: request.published ?? null,
  };
}

/** Phrases ("…") need word positions, which only the database keeps. */
export function hasPhrase(filter: { text: TextQuery | null }): boolean {
  return filter.text?.groups.some((group) => group.some((term) => term.term.phrase)) ?? false;
}
