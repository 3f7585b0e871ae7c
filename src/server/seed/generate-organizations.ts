/**
 * Employers for the demo data: deterministic German (and a few French and Swiss) company names by pattern,
 * each with an address in a real city, a presentation, taxonomy links and an owning recruiter. About one in
 * seven gets a complete organization page (cover, social profiles, contact persons, gallery, videos,
 * further locations, FAQ).
 */
import { brandIds, type BrandId } from '../../../brands/ids.ts';
import { citiesNear, type Gazetteer, type GazetteerCity } from './gazetteer.ts';
import {
  organizationTypes,
  genericParagraphs,
  organizationFaqs,
  type OrganizationType,
} from './catalog/organization-types.ts';
import {
  contactPositions,
  femaleFirstNames,
  frenchFirstNames,
  frenchStreets,
  frenchSurnames,
  germanStreets,
  inventedCompanyWords,
  kitaNames,
  maleFirstNames,
  placeNames,
  positionsForOwners,
  saints,
  surnames,
  swissStreets,
} from './catalog/names.ts';
import { createRandom, createWeightedTable, type Random, type WeightedTable } from './random.ts';
import { slugifyGerman } from './slug.ts';

export interface PersonDraft {
  salutation: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  position: string;
}

export interface AddressDraft {
  city: GazetteerCity;
  /** Street and number; null for a location known only by its town. */
  addressLine1: string | null;
  latitude: number;
  longitude: number;
}

export interface ContactPersonDraft extends PersonDraft {
  linkedinProfile: string | null;
  contactInfo: string;
}

export interface OrganizationPageDraft {
  alternativeName: string | null;
  social: {
    facebook: string | null;
    twitter: string | null;
    linkedin: string | null;
    youtube: string | null;
    xing: string | null;
    instagram: string | null;
    tiktok: string | null;
    bluesky: string | null;
  };
  contacts: ContactPersonDraft[];
  gallery: { alt: string; title: string }[];
  videos: { coverTitle: string; source: string }[];
  locations: { name: string; address: AddressDraft }[];
  faqs: { question: string; answer: string }[];
}

export interface OrganizationDraft {
  /** Position in the generated list (0-based); the database id is assigned when inserting. */
  index: number;
  type: OrganizationType;
  name: string;
  /** Path slug: /organization/<slug>. */
  slug: string;
  /** Fictitious domain under the reserved .example TLD, for website and e-mail addresses. */
  domain: string;
  frontend: BrandId;
  address: AddressDraft;
  owner: PersonDraft;
  /** A second recruiter for the larger organizations. */
  colleague: PersonDraft | null;
  website: string;
  presentation: string;
  size: string;
  employees: number;
  featured: boolean;
  published: boolean;
  createdAt: Date;
  industries: string[];
  fields: { slug: string; weight: number }[];
  benefits: string[];
  studies: string[];
  /** Relative number of job ads. */
  jobVolume: number;
  page: OrganizationPageDraft | null;
}

export interface GenerateOrganizationsOptions {
  seed: number;
  count: number;
  referenceDate: Date;
  gazetteer: Gazetteer;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Share of organizations per brand: the default brand carries most of the demo. */
const brandWeights: Record<BrandId, number> = { tagblatt: 0.55, suedjobs: 0.25, jobregio: 0.2 };

/** Town that the default brand's newspaper is from: half of its employers are within reach of it. */
const homeOfDefaultBrand = { latitude: 48.52266, longitude: 9.05222 };

/** Bounds of the southern Germany brand (SPEC section 9). */
const southernBounds = { minLatitude: 47.53, maxLatitude: 49.79, minLongitude: 7.51, maxLongitude: 10.5 };

/** Upper Rhine: Baden, Alsace and the Basel area. */
const upperRhineBounds = { minLatitude: 47.4, maxLatitude: 49.1, minLongitude: 6.8, maxLongitude: 8.7 };

function inBounds(
  city: GazetteerCity,
  bounds: { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number },
): boolean {
  return (
    city.latitude >= bounds.minLatitude &&
    city.latitude <= bounds.maxLatitude &&
    city.longitude >= bounds.minLongitude &&
    city.longitude <= bounds.maxLongitude
  );
}

export interface BrandCityPools {
  /** Where the brand's employers are, weighted by population. */
  pick(brand: BrandId, random: Random): GazetteerCity;
  cities(brand: BrandId): readonly GazetteerCity[];
}

const poolCache = new WeakMap<Gazetteer, BrandCityPools>();

export function brandCityPools(gazetteer: Gazetteer): BrandCityPools {
  const cached = poolCache.get(gazetteer);
  if (cached) return cached;
  const german = gazetteer.cities.filter((city) => city.countryCode === 'DE');
  const nearHome = citiesNear(gazetteer, homeOfDefaultBrand, 70).filter((city) => city.countryCode === 'DE');
  const southern = german.filter((city) => inBounds(city, southernBounds));
  // Alsace and Basel are small next to Baden by population; the boost keeps the brand cross-border.
  const upperRhine = gazetteer.cities.filter((city) => inBounds(city, upperRhineBounds));
  const byPopulation = (city: GazetteerCity) => city.population * (city.countryCode === 'DE' ? 1 : 2.5);
  const tables: Record<BrandId, WeightedTable<GazetteerCity>[]> = {
    tagblatt: [createWeightedTable(nearHome, byPopulation), createWeightedTable(german, byPopulation)],
    suedjobs: [createWeightedTable(southern, byPopulation)],
    jobregio: [createWeightedTable(upperRhine, byPopulation)],
  };
  const pools: BrandCityPools = {
    pick(brand, random) {
      return random.pick(tables[brand]).pick(random);
    },
    cities(brand) {
      return brand === 'tagblatt' ? german : brand === 'suedjobs' ? southern : upperRhine;
    },
  };
  poolCache.set(gazetteer, pools);
  return pools;
}

/** "Tübinger", "Stuttgarter", "Münchner": only where the form is certain, else undefined. */
export function cityAdjective(name: string): string | undefined {
  const irregular: Record<string, string> = {
    München: 'Münchner',
    Dresden: 'Dresdner',
    Essen: 'Essener',
    Bremen: 'Bremer',
    Hannover: 'Hannoversche',
    Basel: 'Basler',
    Kassel: 'Kasseler',
    'Frankfurt am Main': 'Frankfurter',
    'Freiburg im Breisgau': 'Freiburger',
    'Halle (Saale)': 'Hallesche',
    'Esslingen am Neckar': 'Esslinger',
    'Mülheim an der Ruhr': 'Mülheimer',
    'Offenbach am Main': 'Offenbacher',
  };
  const known = irregular[name];
  if (known) return known;
  if (/[\s(]/.test(name)) return undefined;
  if (name.endsWith('ingen')) return `${name.slice(0, -2)}er`;
  if (/(burg|berg|furt|stadt|dorf|heim|feld|bach|hof|stein|brück|brücken|au|wald|ow|itz|ach)$/.test(name))
    return `${name}er`;
  return undefined;
}

/** Earliest plausible founding year per kind of employer (default 1880). */
const foundedSince: Record<string, number> = { software: 1992, staffing: 1975, consulting: 1985, care: 1960 };

const employeeRanges: Record<string, readonly [number, number]> = {
  '1-9': [3, 9],
  '10-49': [12, 48],
  '50-249': [55, 240],
  '250-999': [260, 980],
  '1000-4999': [1100, 4800],
  '5000+': [5200, 9800],
};

function germanNumber(value: number): string {
  return value.toLocaleString('de-DE');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** Phone numbers from the blocks the German regulator reserves for fiction, so no real line is called. */
export function fictionalPhone(random: Random, countryCode: GazetteerCity['countryCode']): string {
  const number = String(random.int(0, 999)).padStart(3, '0');
  switch (countryCode) {
    case 'FR':
      // The French regulator reserves 03 53 01 xx xx for fiction.
      return `+33 3 53 01 ${number.slice(0, 2)} ${random.int(10, 99)}`;
    case 'CH':
      return `+41 61 000 ${number.slice(0, 2)} ${random.int(10, 99)}`;
    case 'DE':
      return (
        random.pick(['+49 30 23125 ', '+49 69 90009 ', '+49 40 66969 ', '+49 221 4710 ', '+49 89 99998 ']) + number
      );
  }
}

export function streetAddress(random: Random, city: GazetteerCity): string {
  switch (city.countryCode) {
    case 'FR':
      return `${random.int(1, 80)} ${random.pick(frenchStreets)}`;
    case 'CH':
      return `${random.pick(swissStreets)} ${random.int(1, 120)}`;
    case 'DE':
      return `${random.pick(germanStreets)} ${random.int(1, 140)}`;
  }
}

/** A point a few hundred metres from the town centre, so that markers of one town do not overlap. */
export function nearTownCentre(random: Random, city: GazetteerCity): { latitude: number; longitude: number } {
  return {
    latitude: Math.round((city.latitude + random.float(-0.012, 0.012)) * 1e6) / 1e6,
    longitude: Math.round((city.longitude + random.float(-0.018, 0.018)) * 1e6) / 1e6,
  };
}

export function createPerson(random: Random, countryCode: GazetteerCity['countryCode'], domain: string): PersonDraft {
  let firstName: string;
  let female: boolean;
  let lastName: string;
  if (countryCode === 'FR') {
    const first = random.pick(frenchFirstNames);
    firstName = first.name;
    female = first.female;
    lastName = random.pick(frenchSurnames);
  } else {
    female = random.chance(0.55);
    firstName = random.pick(female ? femaleFirstNames : maleFirstNames);
    lastName = random.pick(surnames);
  }
  const salutation = countryCode === 'FR' ? (female ? 'Madame' : 'Monsieur') : female ? 'Frau' : 'Herr';
  return {
    salutation,
    firstName,
    lastName,
    email: `${slugifyGerman(firstName)}.${slugifyGerman(lastName)}@${domain}`,
    phone: fictionalPhone(random, countryCode),
    position: random.pick(positionsForOwners),
  };
}

const legalForms = /\s*(gGmbH|GmbH & Co\. KG|GmbH|AG|eG|e\.V\.|mbH|PartG mbB|SAS|SARL|KG)$/;

function domainFor(name: string, taken: Set<string>): string {
  const full = slugifyGerman(name.replace(legalForms, ''));
  // Long names are cut at a word boundary: "keller-schulte-und-partner", not "…-wirtschaftspr".
  const base = (full.length <= 40 ? full : full.slice(0, 41).replace(/-[^-]*$/, '')) || 'arbeitgeber';
  let domain = `${base}.example`;
  for (let suffix = 2; taken.has(domain); suffix += 1) domain = `${base}-${suffix}.example`;
  taken.add(domain);
  return domain;
}

function generateName(random: Random, type: OrganizationType, city: GazetteerCity): string | undefined {
  let patterns = type.names[city.countryCode];
  if (!patterns || patterns.length === 0) return undefined;
  // A town of 20,000 is a Stadt, not a Gemeinde.
  if (type.key === 'municipality' && city.countryCode === 'DE')
    patterns = patterns.filter((pattern) => pattern.startsWith('Gemeinde') === city.population < 20000);
  const adjective = cityAdjective(city.name);
  const usable = patterns.filter((pattern) => !pattern.includes('{cityAdjective}') || adjective);
  if (usable.length === 0) return undefined;
  const surnameList = city.countryCode === 'FR' ? frenchSurnames : surnames;
  const surname = random.pick(surnameList);
  let surname2 = random.pick(surnameList);
  while (surname2 === surname) surname2 = random.pick(surnameList);
  return fill(random.pick(usable), {
    city: city.name,
    cityAdjective: adjective ?? city.name,
    surname,
    surname2,
    saint: random.pick(saints),
    word: random.pick(inventedCompanyWords),
    kita: random.pick(kitaNames),
    place: random.pick(placeNames),
  });
}

function presentationHtml(random: Random, type: OrganizationType, values: Record<string, string>): string {
  const paragraphs = type.intro.slice(0, random.int(1, type.intro.length));
  paragraphs.push(...random.sample(genericParagraphs, random.int(1, 2)));
  const capped = paragraphs.slice(0, 4);
  if (capped.length < 2) capped.push(random.pick(genericParagraphs));
  return capped.map((paragraph) => `<p>${escapeHtml(fill(paragraph, values))}</p>`).join('\n');
}

export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function videoId(random: Random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (let index = 0; index < 11; index += 1) id += alphabet[random.int(0, alphabet.length - 1)];
  return id;
}

function organizationPage(
  random: Random,
  draft: Pick<OrganizationDraft, 'name' | 'slug' | 'domain' | 'address' | 'frontend' | 'type'>,
  gazetteer: Gazetteer,
  pools: BrandCityPools,
): OrganizationPageDraft {
  const handle = draft.slug.replaceAll('-', '').slice(0, 24);
  const countryCode = draft.address.city.countryCode;
  const contacts: ContactPersonDraft[] = Array.from({ length: random.int(1, 3) }, () => {
    const person = createPerson(random, countryCode, draft.domain);
    return {
      ...person,
      position: random.pick(contactPositions),
      linkedinProfile: random.chance(0.7)
        ? `https://www.linkedin.com/in/${slugifyGerman(`${person.firstName}-${person.lastName}`)}-${random.int(100, 999)}`
        : null,
      contactInfo: random.pick([
        'Erreichbar Montag bis Freitag von 8 bis 16 Uhr.',
        'Am besten per E-Mail – ich melde mich innerhalb von zwei Werktagen.',
        'Telefonisch erreichbar Montag bis Donnerstag, 9 bis 15 Uhr.',
      ]),
    };
  });
  const near = citiesNear(gazetteer, draft.address.city, 80).filter((city) => city.id !== draft.address.city.id);
  const locationCities = random.sample(near.length > 0 ? near : pools.cities(draft.frontend), random.int(1, 3));
  const locationLabel = random.pick(['Standort', 'Niederlassung', 'Filiale', 'Werk', 'Büro']);
  return {
    alternativeName: random.chance(0.3) ? draft.name.replace(legalForms, '') : null,
    social: {
      facebook: random.chance(0.8) ? `https://www.facebook.com/${handle}` : null,
      twitter: random.chance(0.3) ? `https://x.com/${handle}` : null,
      linkedin: `https://www.linkedin.com/company/${draft.slug}`,
      youtube: random.chance(0.5) ? `https://www.youtube.com/@${handle}` : null,
      xing: random.chance(0.5) ? `https://www.xing.com/pages/${draft.slug}` : null,
      instagram: random.chance(0.7) ? `https://www.instagram.com/${handle}` : null,
      tiktok: random.chance(0.2) ? `https://www.tiktok.com/@${handle}` : null,
      bluesky: random.chance(0.3) ? `https://bsky.app/profile/${handle}.bsky.social` : null,
    },
    contacts,
    gallery: Array.from({ length: random.int(3, 6) }, (_, index) => {
      const title = random.pick([
        'Unser Team',
        'Arbeitsplatz',
        'Empfang',
        'Teamevent',
        'Ausbildung',
        'Werkstatt',
        'Besprechung',
      ]);
      return { title: `${title} ${index + 1}`, alt: `${title} bei ${draft.name}` };
    }),
    videos: Array.from({ length: random.int(1, 2) }, (_, index) => ({
      coverTitle:
        index === 0
          ? `${draft.name} stellt sich vor`
          : random.pick(['Ein Tag bei uns', 'Ausbildung bei uns', 'Unser Team']),
      source: `https://www.youtube.com/watch?v=${videoId(random)}`,
    })),
    locations: locationCities.map((city) => ({
      name: `${locationLabel} ${city.name}`,
      address: { city, addressLine1: streetAddress(random, city), ...nearTownCentre(random, city) },
    })),
    faqs: random.sample(organizationFaqs, random.int(3, 5)).map((faq) => ({
      question: fill(faq.question, { name: draft.name }),
      answer: fill(faq.answer, { name: draft.name }),
    })),
  };
}

/**
 * The organizations, deterministic for a seed and count. The first few cover every kind of employer
 * and every brand, so that even a small seed has jobs in all eleven occupational fields.
 */
export function generateOrganizations(options: GenerateOrganizationsOptions): OrganizationDraft[] {
  const random = createRandom(options.seed).fork('organizations');
  const pools = brandCityPools(options.gazetteer);
  const takenNames = new Set<string>();
  const takenSlugs = new Set<string>();
  const takenDomains = new Set<string>();
  const takenEmails = new Set<string>();
  const coverageOrder = random.shuffle(organizationTypes);
  const fullPageShare = 40 / 300;
  const featuredShare = 15 / 40;

  const uniqueEmail = (person: PersonDraft): PersonDraft => {
    let email = person.email;
    for (let suffix = 2; takenEmails.has(email); suffix += 1) email = person.email.replace('@', `${suffix}@`);
    takenEmails.add(email);
    return { ...person, email };
  };

  const organizations: OrganizationDraft[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const frontend =
      index < brandIds.length
        ? (brandIds[index] as BrandId)
        : random.weightedPick(brandIds, (brand) => brandWeights[brand]);
    let type =
      index < coverageOrder.length
        ? (coverageOrder[index] as OrganizationType)
        : random.weightedPick(organizationTypes, (t) => t.weight);
    let city: GazetteerCity | undefined;
    let name: string | undefined;
    for (let attempt = 0; attempt < 40 && !name; attempt += 1) {
      // After a few misses (a kind of employer the region lacks, or a name taken) another kind is tried.
      if (attempt > 0 && attempt % 8 === 0) type = random.weightedPick(organizationTypes, (t) => t.weight);
      const candidateCity = pools.pick(frontend, random);
      if (candidateCity.population < type.minPopulation) continue;
      const candidate = generateName(random, type, candidateCity);
      if (!candidate || takenNames.has(candidate)) continue;
      city = candidateCity;
      name = candidate;
    }
    if (!name || !city) {
      city = pools.pick(frontend, random);
      name = `${random.pick(surnames)} ${random.pick(['Service', 'Handel', 'Technik', 'Dienstleistungen'])} GmbH ${index + 1}`;
    }
    takenNames.add(name);

    let slug = slugifyGerman(name);
    for (let suffix = 2; takenSlugs.has(slug); suffix += 1) slug = `${slugifyGerman(name)}-${suffix}`;
    takenSlugs.add(slug);
    const domain = domainFor(name, takenDomains);

    const size = random.pick(type.sizes);
    const [fewest, most] = employeeRanges[size] ?? [10, 49];
    const employees = random.int(fewest, most);
    const founded = random.int(foundedSince[type.key] ?? 1880, 2018);
    const address: AddressDraft = { city, addressLine1: streetAddress(random, city), ...nearTownCentre(random, city) };
    const person = createPerson(random, city.countryCode, domain);
    // The first organization belongs to the documented demo recruiter account.
    const owner = uniqueEmail(index === 0 ? { ...person, email: 'recruiter@demo.example' } : person);
    const colleague =
      employees >= 250 && random.chance(0.5) ? uniqueEmail(createPerson(random, city.countryCode, domain)) : null;

    const hasPage = index === 0 || random.chance(fullPageShare);
    const draft: OrganizationDraft = {
      index,
      type,
      name,
      slug,
      domain,
      frontend,
      address,
      owner,
      colleague,
      website: `https://www.${domain}`,
      presentation: presentationHtml(random, type, {
        name,
        city: city.name,
        state: city.state,
        founded: String(founded),
        employees: germanNumber(employees),
      }),
      size,
      employees,
      featured: index === 0 || (hasPage && random.chance(featuredShare)),
      // A few organizations have not published their page yet; their jobs are still listed.
      published: index === 0 || random.chance(0.97),
      createdAt: new Date(options.referenceDate.getTime() - random.int(70, 1500) * dayMs),
      industries: [type.industries[0] as string, ...random.sample(type.industries.slice(1), random.int(0, 1))],
      fields: type.fields.map(([slug, weight]) => ({ slug, weight: weight * random.float(0.6, 1.4) })),
      benefits: random.sample(type.benefits, random.int(4, Math.min(8, type.benefits.length))),
      studies: random.sample(type.studies, random.int(1, Math.max(1, type.studies.length))),
      jobVolume: type.jobVolume * Math.log10(employees + 10) * random.float(0.4, 1.6),
      page: null,
    };
    if (hasPage) draft.page = organizationPage(random, draft, options.gazetteer, pools);
    organizations.push(draft);
  }
  return organizations;
}
