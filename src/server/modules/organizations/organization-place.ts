import { placeNamed } from '../../search/places.ts';

/**
 * The point of an organization's address for the radius search: its town's in the gazetteer (the largest
 * of that name in the address's country), or none when the gazetteer does not know the town. Written at
 * registration and whenever the address's place changes.
 */
export function coordinatesOfAddress(address: { locality?: string | null; countryCode?: string | null }): {
  latitude: number | null;
  longitude: number | null;
} {
  const town = address.locality
    ? placeNamed(address.locality, { locationType: 'city', country: address.countryCode })
    : undefined;
  return town ? { latitude: town.lat, longitude: town.lon } : { latitude: null, longitude: null };
}
