/**
 * The places a visitor can search around, built once from the gazetteer: its cities, the regions
 * (Bundesländer, Alsace, the Basel area) as administrative areas and Germany as a country.
 */
import type { Locale } from '../../../brands/index.ts';
import { distanceKm, gazetteerRegions, loadGazetteer, type GazetteerCountryCode } from '../seed/gazetteer.ts';
import type { LocationType } from './types.ts';

type Language = 'de' | 'en' | 'fr';

export interface Place {
  labels: Record<Language, string>;
  lat: number;
  lon: number;
  /** Weight in suggestions: inhabitants (summed over the cities of an area or country). */
  population: number;
  locationType: LocationType;
  country: GazetteerCountryCode;
  /** The city's Bundesland or canton; the area's own German label; null for a country. */
  administrativeArea: string | null;
  /** Folded labels (see `foldPlaceName`), for prefix matching. */
  keys: string[];
}

export interface Places {
  /** Largest first. */
  all: readonly Place[];
  /** Region slug → the values job_locations.administrative_area holds for it. */
  areaValues: ReadonlyMap<string, readonly string[]>;
}

/** Geographic centre of Germany (near Niederdorla, Thuringia). */
const germanyCentre = { lat: 51.1634, lon: 10.4477 };

const countryNames: Record<GazetteerCountryCode, Record<Language, string>> = {
  DE: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
  FR: { de: 'Frankreich', en: 'France', fr: 'France' },
  CH: { de: 'Schweiz', en: 'Switzerland', fr: 'Suisse' },
};

/**
 * Lower case without diacritics and punctuation: "München" → "munchen", "Halle (Saale)" → "halle saale",
 * "Baden-Württemberg" → "baden wurttemberg". With `transliterate`, umlauts become ae/oe/ue as Germans
 * type them without an umlaut keyboard ("muenchen").
 */
export function foldPlaceName(name: string, transliterate = false): string {
  let text = name.toLowerCase().replaceAll('ß', 'ss');
  if (transliterate) text = text.replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue');
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function keysOf(labels: readonly string[]): string[] {
  return [...new Set(labels.flatMap((label) => [foldPlaceName(label), foldPlaceName(label, true)]))];
}

export function languageOf(locale: Locale): Language {
  return locale === 'en-GB' ? 'en' : locale;
}

let cached: Places | undefined;

export function loadPlaces(): Places {
  cached ??= buildPlaces();
  return cached;
}

function buildPlaces(): Places {
  const { cities } = loadGazetteer();
  const places: Place[] = cities.map((city) => ({
    labels: { de: city.name, en: city.name, fr: city.name },
    lat: city.latitude,
    lon: city.longitude,
    population: city.population,
    locationType: 'city',
    country: city.countryCode,
    administrativeArea: city.state,
    keys: keysOf([city.name]),
  }));

  const areaValues = new Map<string, string[]>();
  for (const region of gazetteerRegions) {
    const members = cities.filter((city) => city.regionSlug === region.slug);
    const population = members.reduce((sum, city) => sum + city.population, 0);
    if (members.length === 0 || population === 0) continue;
    areaValues.set(region.slug, [...new Set(members.map((city) => city.state))]);
    // Population-weighted centre: where the area's jobs are, not its geometric middle.
    places.push({
      labels: region.label,
      lat: members.reduce((sum, city) => sum + city.latitude * city.population, 0) / population,
      lon: members.reduce((sum, city) => sum + city.longitude * city.population, 0) / population,
      population,
      locationType: 'administrative_area',
      country: region.countryCode,
      administrativeArea: region.label.de,
      keys: keysOf(Object.values(region.label)),
    });
  }

  places.push({
    labels: countryNames.DE,
    ...germanyCentre,
    population: cities.filter((city) => city.countryCode === 'DE').reduce((sum, city) => sum + city.population, 0),
    locationType: 'country',
    country: 'DE',
    administrativeArea: null,
    keys: keysOf(Object.values(countryNames.DE)),
  });

  places.sort((a, b) => b.population - a.population);
  return { all: places, areaValues };
}

/**
 * The gazetteer's place of a typed name ("Freiburg im Breisgau", "Bayern", "Muenchen", "Köln, NRW"), the
 * largest of that name; else the largest whose name begins with it as a word ("Freiburg" → Freiburg im
 * Breisgau, "Frankfurt" → Frankfurt am Main). `only` narrows it to a kind of place and a country.
 * Undefined when the gazetteer has none.
 */
export function placeNamed(
  name: string,
  only: { locationType?: LocationType; country?: string | null } = {},
): Place | undefined {
  const folded = foldPlaceName(name.split(',')[0] ?? name);
  if (!folded) return undefined;
  const country = only.country?.toUpperCase();
  const allowed = (place: Place) =>
    (only.locationType === undefined || place.locationType === only.locationType) &&
    (!country || place.country === country);
  const { all } = loadPlaces();
  return (
    all.find((place) => allowed(place) && place.keys.includes(folded)) ??
    all.find((place) => allowed(place) && place.keys.some((key) => key.startsWith(`${folded} `)))
  );
}

/** The gazetteer city nearest to a point. */
function nearestCity(point: { lat: number; lon: number }) {
  let best: { city: ReturnType<typeof loadGazetteer>['cities'][number]; distance: number } | undefined;
  for (const city of loadGazetteer().cities) {
    const distance = distanceKm({ latitude: point.lat, longitude: point.lon }, city);
    if (!best || distance < best.distance) best = { city, distance };
  }
  return best?.city;
}

/**
 * The job_locations.administrative_area values of an area: by its name (German, English or French label,
 * slug, or a value as stored such as "Basel-Stadt"), else the area of the city nearest to the point.
 */
export function administrativeAreaValues(
  name: string | undefined,
  point: { lat: number; lon: number },
): readonly string[] {
  const { areaValues } = loadPlaces();
  if (name) {
    const folded = foldPlaceName(name);
    for (const region of gazetteerRegions) {
      const names = [region.slug, ...Object.values(region.label)].map((candidate) => foldPlaceName(candidate));
      if (names.includes(folded)) return areaValues.get(region.slug) ?? [region.label.de];
    }
    for (const values of areaValues.values()) {
      const value = values.find((candidate) => foldPlaceName(candidate) === folded);
      if (value) return [value];
    }
  }
  const city = nearestCity(point);
  return city ? [city.state] : [];
}

/** ISO country code by name ("Deutschland", "Germany", "DE"…), else the country of the nearest city. */
export function countryCode(name: string | undefined, point: { lat: number; lon: number }): string {
  if (name) {
    const folded = foldPlaceName(name);
    for (const [code, names] of Object.entries(countryNames)) {
      if (code.toLowerCase() === folded || Object.values(names).some((label) => foldPlaceName(label) === folded)) {
        return code;
      }
    }
  }
  return nearestCity(point)?.countryCode ?? 'DE';
}
