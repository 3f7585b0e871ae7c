/**
 * The place of a search, for every entity alike (jobs, organizations, resumes): the request's location
 * prepared once into a radius around a point (cities), an administrative area or a country.
 */
import type { LocationType } from '../../lib/search/vocabulary.ts';
import { administrativeAreaValues, countryCode } from './places.ts';

export interface SearchLocation {
  lat: number;
  lon: number;
  /** Only for `city`: administrative areas and countries have no radius (SPEC 9). */
  radiusKm: number;
  label?: string;
  locationType?: LocationType;
  /**
   * For `administrative_area`: the area as stored with locations (e.g. "Bayern"). When missing it is
   * taken from `label` (in any of the site languages), else from the point.
   */
  administrativeArea?: string;
  /** For `country`: ISO 3166-1 alpha-2 code. When missing it is taken from `label`, else from the point. */
  country?: string;
}

export type LocationFilter =
  | { kind: 'radius'; lat: number; lon: number; radiusKm: number }
  | { kind: 'area'; values: readonly string[] }
  | { kind: 'country'; code: string };

export function locationFilterOf(location: SearchLocation | undefined): LocationFilter | null {
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
