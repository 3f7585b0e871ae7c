import { placeNamed } from '../../search/places.ts';

/** A typed place name ("Freiburg", "Bayern") as a point and its region, or null when the gazetteer has no such place. */
export function placeOf(name: string | null): { lat: number; lon: number; region: string | null } | null {
  const place = name ? placeNamed(name) : undefined;
  return place ? { lat: place.lat, lon: place.lon, region: place.administrativeArea } : null;
}
