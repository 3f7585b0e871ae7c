import { foldPlaceName, loadPlaces } from '../../search/places.ts';

/** A typed place name ("Freiburg", "Bayern") as a point and its region, or null when the gazetteer has no such place. */
export function placeOf(name: string | null): { lat: number; lon: number; region: string | null } | null {
  if (!name) return null;
  const folded = foldPlaceName(name.split(',')[0] ?? name);
  if (!folded) return null;
  const place = loadPlaces().all.find((candidate) => candidate.keys.includes(folded));
  return place ? { lat: place.lat, lon: place.lon, region: place.administrativeArea } : null;
}
