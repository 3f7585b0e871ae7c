/**
 * What narrows the base set of a job search, for every job engine alike: the request's brand, text,
 * title, category, place and salary, prepared once (the text parsed into stems, the place into a radius,
 * an area or a country).
 */
import type { Database } from '../db/index.ts';
import { administrativeAreaValues, countryCode } from './places.ts';
import { buildTextQuery, type TextQuery } from './text-query.ts';
import type { JobSearchLocation, JobSearchRequest } from './types.ts';

export type LocationFilter =
  | { kind: 'radius'; lat: number; lon: number; radiusKm: number }
  | { kind: 'area'; values: readonly string[] }
  | { kind: 'country'; code: string };

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

function locationFilterOf(location: JobSearchLocation | undefined): LocationFilter | null {
  if (!location) return null;
  const point = { lat: location.lat, lon: location.lon };
  switch (location.locationType ?? 'city') {
    case 'city':
      return { kind: 'radius', ...point, radiusKm: location.radiusKm };
    case 'administrative_area':
      return { kind: 'area', values: administrativeAreaValues(location.administrativeArea ?? location.label, point) };
    case 'country':
      return { kind: 'country', code: countryCode(location.country ?? location.label, point) };
  }
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
export function hasPhrase(filter: JobFilter): boolean {
  return filter.text?.groups.some((group) => group.some((term) => term.term.phrase)) ?? false;
}
