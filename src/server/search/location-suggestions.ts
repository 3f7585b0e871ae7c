import type { Locale } from '../../../brands/index.ts';
import { isWithin } from '../../lib/search/resolve-location.ts';
import { distanceKm } from '../seed/gazetteer.ts';
import { foldPlaceName, languageOf, loadPlaces, type Place } from './places.ts';
import type { GeoBounds, LocationAlternatives, LocationSuggestion } from './types.ts';

export interface SuggestLocationsOptions {
  /** What the visitor typed so far; one character is enough (SPEC 9: autocomplete min length 1). */
  query: string;
  limit: number;
  /** The brand's autocomplete bounds: places outside are not suggested. */
  bounds?: GeoBounds | null;
  /** Language of area and country names (city names are German); German by default. */
  locale?: Locale;
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
    if (options.bounds && !isWithin(place, options.bounds)) continue;
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
  return matches.slice(0, options.limit).map(({ place }) => suggestionOf(place, language));
}

function suggestionOf(place: Place, language: ReturnType<typeof languageOf>): LocationSuggestion {
  return {
    label: place.labels[language],
    lat: place.lat,
    lon: place.lon,
    locationType: place.locationType,
    country: place.country,
    administrativeArea:
      place.locationType === 'administrative_area' ? place.labels[language] : place.administrativeArea,
  };
}

/** Towns this large are worth offering as "nearby"; smaller ones only when too few large ones are left. */
const nearbyMinPopulation = 20_000;

/** Edits a typo may need: one in short names, up to three in long ones. */
function maxEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** Levenshtein distance, or `max + 1` as soon as it is certain to exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** How far a folded query is from a place's names: the whole name or its beginning ("stutgart" ~ "stuttgart"). */
function nameDistance(place: Place, query: string, max: number): number {
  let best = max + 1;
  for (const key of place.keys) {
    best = Math.min(best, editDistance(query, key, max), editDistance(query, key.slice(0, query.length), max));
    if (best === 0) break;
  }
  return best;
}

export interface AlternativeLocationsOptions {
  /** A place name the suggestions (`suggestLocations`, same bounds) found nothing for. */
  query: string;
  limit: number;
  bounds?: GeoBounds | null;
  locale?: Locale;
}

/**
 * What to offer when a place name matched nothing in the brand's area ("Did you mean …"):
 * - a place of that name that lies outside the area (München on a brand bounded to the south-west):
 *   the largest towns of the area nearest to it, nearest first;
 * - otherwise places of the area with a similar name (a typo: "Stutgart" → Stuttgart), closest spelling
 *   first, then largest.
 */
export function suggestAlternativeLocations(options: AlternativeLocationsOptions): LocationAlternatives {
  const query = foldPlaceName(options.query);
  const { bounds } = options;
  if (query === '' || options.limit < 1) return { reason: 'unknown', places: [] };
  const language = languageOf(options.locale ?? 'de');
  const places = loadPlaces().all;
  const inArea = (place: Place) => !bounds || isWithin(place, bounds);

  const outside = bounds ? places.find((place) => !inArea(place) && matchClass(place, query) === 0) : undefined;
  if (outside) {
    const origin = { latitude: outside.lat, longitude: outside.lon };
    const towns = places
      .filter((place) => place.locationType === 'city' && inArea(place))
      .map((place) => ({ place, km: distanceKm(origin, { latitude: place.lat, longitude: place.lon }) }))
      .sort((a, b) => a.km - b.km);
    const large = towns.filter(({ place }) => place.population >= nearbyMinPopulation);
    const nearby = [...large, ...towns.filter(({ place }) => place.population < nearbyMinPopulation)];
    return {
      reason: 'outside_area',
      places: nearby.slice(0, options.limit).map(({ place }) => suggestionOf(place, language)),
    };
  }

  const max = maxEdits(query.length);
  const similar: { place: Place; edits: number }[] = [];
  for (const place of places) {
    if (!inArea(place)) continue;
    const edits = nameDistance(place, query, max);
    if (edits <= max) similar.push({ place, edits });
  }
  // `places` is sorted largest first and the sort is stable: equal spellings stay in that order.
  similar.sort((a, b) => a.edits - b.edits);
  return {
    reason: 'unknown',
    places: similar.slice(0, options.limit).map(({ place }) => suggestionOf(place, language)),
  };
}
