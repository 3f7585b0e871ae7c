import type { Locale } from '../../../brands/index.ts';
import { foldPlaceName, languageOf, loadPlaces, type Place } from './places.ts';
import type { GeoBounds, LocationSuggestion } from './types.ts';

export interface SuggestLocationsOptions {
  /** What the visitor typed so far; one character is enough (SPEC 9: autocomplete min length 1). */
  query: string;
  limit: number;
  /** The brand's autocomplete bounds: places outside are not suggested. */
  bounds?: GeoBounds | null;
  /** Language of area and country names (city names are German); German by default. */
  locale?: Locale;
}

function within(place: Place, bounds: GeoBounds): boolean {
  return (
    place.lat >= bounds.minLatitude &&
    place.lat <= bounds.maxLatitude &&
    place.lon >= bounds.minLongitude &&
    place.lon <= bounds.maxLongitude
  );
}

/** 0: a label starts with the query; 1: a later word does ("main" → Frankfurt am Main); null: no match. */
function matchClass(place: Place, query: string): 0 | 1 | null {
  if (place.keys.some((key) => key.startsWith(query))) return 0;
  if (place.keys.some((key) => key.includes(` ${query}`))) return 1;
  return null;
}

const typeOrder = { city: 0, administrative_area: 1, country: 2 } as const;

/**
 * Places whose name starts with the query, case- and umlaut-insensitive ("mu" → München, "muen" →
 * München, "ess" → Essen, Esslingen am Neckar), largest first: cities, the Bundesländer and regions as
 * administrative areas, and Deutschland as a country. Within `bounds` when given.
 */
export function suggestLocations(options: SuggestLocationsOptions): LocationSuggestion[] {
  const query = foldPlaceName(options.query);
  if (query === '' || options.limit < 1) return [];
  const language = languageOf(options.locale ?? 'de');
  const matches: { place: Place; rank: 0 | 1 }[] = [];
  for (const place of loadPlaces().all) {
    if (options.bounds && !within(place, options.bounds)) continue;
    const rank = matchClass(place, query);
    if (rank !== null) matches.push({ place, rank });
  }
  matches.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.place.population - a.place.population ||
      // Berlin the city before Berlin the Land.
      typeOrder[a.place.locationType] - typeOrder[b.place.locationType],
  );
  return matches.slice(0, options.limit).map(({ place }) => ({
    label: place.labels[language],
    lat: place.lat,
    lon: place.lon,
    locationType: place.locationType,
    country: place.country,
    administrativeArea:
      place.locationType === 'administrative_area' ? place.labels[language] : place.administrativeArea,
  }));
}
