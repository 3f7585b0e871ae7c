import type { GeoBounds } from '../../../brands/types.ts';
import type { LocationSuggestion } from '../operations/search.ts';
import { roundPoint, type GeoPoint, type LocationFilter } from './search-url.ts';

export type { LocationSuggestion };

export type SuggestLocations = (query: string) => Promise<LocationSuggestion[]>;

export type LocationResolution =
  /** No location in the search. */
  | { kind: 'none' }
  /** The place to search around; `label` is the suggestion's own label when one matched. */
  | { kind: 'resolved'; location: LocationFilter & { point: GeoPoint }; label: string }
  /** Nothing is known by that name (in the brand's area): the search cannot run. */
  | { kind: 'unknown'; label: string }
  /** Coordinates outside the brand's area (hand-made or old URLs): the search cannot run either. */
  | { kind: 'outside'; label: string };

/** Coordinates this close to a suggestion belong to it (a picked suggestion's own coordinates are exact). */
const sameplaceKm = 2;

/** The mean earth radius of every distance the search reports (pages, both engines). */
export const earthRadiusKm = 6371;

/** Great-circle distance in km. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isWithin(point: GeoPoint, bounds: GeoBounds): boolean {
  return (
    point.lat >= bounds.minLatitude &&
    point.lat <= bounds.maxLatitude &&
    point.lon >= bounds.minLongitude &&
    point.lon <= bounds.maxLongitude
  );
}

/**
 * Decides where a search looks (server side, so that the page works without JavaScript):
 * - a typed name without coordinates is the first suggestion for that name;
 * - a name with coordinates is kept when a suggestion for the name lies at those coordinates (picked from
 *   the autocomplete, or resolved before). Otherwise the coordinates are stale — without JavaScript the
 *   hidden lat/lon fields keep the old place when the visitor types a new name — and the first suggestion
 *   for the new name wins. A name nothing is known for keeps its coordinates;
 * - coordinates without a name are used as they are;
 * - coordinates outside the brand's area (`bounds`, SPEC 9) are never searched: the suggestions keep to
 *   the area, so such a point comes from a hand-made URL and would show jobs the brand does not cover.
 */
export async function resolveLocation(
  location: LocationFilter | null,
  suggest: SuggestLocations,
  bounds: GeoBounds | null = null,
): Promise<LocationResolution> {
  const resolution = await resolveAnywhere(location, suggest);
  if (resolution.kind === 'resolved' && bounds && !isWithin(resolution.location.point, bounds)) {
    return { kind: 'outside', label: location?.label ?? '' };
  }
  return resolution;
}

async function resolveAnywhere(
  location: LocationFilter | null,
  suggest: SuggestLocations,
): Promise<LocationResolution> {
  if (!location) return { kind: 'none' };
  const { label, point } = location;
  if (label === '') {
    return point ? { kind: 'resolved', location: { ...location, point }, label } : { kind: 'none' };
  }
  const suggestions = await suggest(label);
  if (point) {
    const same = suggestions.find((suggestion) => distanceKm(point, suggestion) <= sameplaceKm);
    if (same || suggestions.length === 0) {
      return { kind: 'resolved', location: { ...location, point }, label: same?.label ?? label };
    }
  }
  const [first] = suggestions;
  if (!first) return { kind: 'unknown', label };
  return {
    kind: 'resolved',
    location: { ...location, point: roundPoint(first), locationType: first.locationType },
    label: first.label,
  };
}
