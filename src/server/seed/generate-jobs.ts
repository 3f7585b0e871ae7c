/**
 * Job ads for the demo data. Each job is generated from its own index with its own random stream, so
 * jobs can be produced batch by batch (bounded memory) and job n is the same whatever the batch size.
 */
import type {
  ApplicationWorkflow,
  ContentLanguage,
  JobState,
  JobType,
  QualifyingQuestion,
  SalaryUnit,
  TextSearchConfig,
} from '../db/schema/index.ts';
import type { BrandId } from '../../../brands/ids.ts';
import { jobCategories } from '../../lib/job-categories.ts';
import {
  jobFields,
  titleEmployers,
  type JobField,
  type SalaryBand,
  type TitleOptions,
  type TitlePattern,
} from './catalog/job-fields.ts';
import { citiesNear, type Gazetteer, type GazetteerCity } from './gazetteer.ts';
import { benefits as benefitTerms, skillCategories, type TermLabel } from './generate-taxonomies.ts';
import {
  brandCityPools,
  escapeHtml,
  nearTownCentre,
  type AddressDraft,
  type OrganizationDraft,
  type PersonDraft,
} from './generate-organizations.ts';
import { createRandom, createWeightedTable, deriveSeed, type Random, type WeightedTable } from './random.ts';
import { slugifyGerman } from './slug.ts';

export interface JobDraft {
  index: number;
  organizationIndex: number;
  frontend: BrandId;
  jobType: JobType;
  state: JobState;
  title: string;
  linkUrl: string | null;
  fileKey: string | null;
  description: string;
  availabilityPeriod: string | null;
  videoUrl: string | null;
  organizationName: string;
  fieldSlug: string;
  remoteSlug: string;
  experienceSlug: string;
  degreeSlug: string;
  employmentSlugs: string[];
  studySlugs: string[];
  languageSlugs: string[];
  skillSlugs: string[];
  /** Labels of the skills in the job's language, for the search vector. */
  skillsText: string;
  skillsFree: string | null;
  languagesFree: string | null;
  salary: { min: number; max: number; unit: SalaryUnit; currencyCode: string } | null;
  salaryFree: string | null;
  publishedAt: Date;
  expiresAt: Date;
  durationDays: number;
  createdAt: Date;
  applicationWorkflow: ApplicationWorkflow;
  applicationEmails: string[];
  applicationLink: string | null;
  applicationRequireCv: boolean;
  applicationRequireCoverLetter: boolean;
  applicationRequireQualifyingQuestions: boolean;
  applicationQualifyingQuestions: QualifyingQuestion[];
  language: ContentLanguage;
  searchConfig: TextSearchConfig;
  isTop: boolean;
  locations: AddressDraft[];
}

export interface JobGeneratorOptions {
  seed: number;
  referenceDate: Date;
  gazetteer: Gazetteer;
  organizations: readonly OrganizationDraft[];
}

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/** Job types each brand accepts (brands/<brand>/brand.ts: jobTypes). */
const brandJobTypes: Record<BrandId, readonly JobType[]> = {
  tagblatt: ['job_per_template', 'job_per_link', 'job_per_file'],
  jobregio: ['job_per_template', 'job_per_link'],
  suedjobs: ['job_per_template', 'job_per_link', 'job_per_file'],
};

const jobTypeWeights: Record<JobType, number> = { job_per_template: 0.85, job_per_link: 0.1, job_per_file: 0.05 };

/** Fields whose jobs are desk jobs even without a degree (clerks, buyers, sales office). */
const deskFields = new Set([
  'it-telekommunikation',
  'recht-steuern-wirtschaftspruefung',
  'personalwesen',
  'vertrieb-verkauf-handel',
  'oeffentlicher-dienst',
  'einkauf-materialwirtschaft-logistik',
]);

/** Fields whose ads address the reader informally, as apprenticeship and mini-job ads do. */
const informalFields = new Set(['ausbildung', 'minijobs']);

const skillLabels = new Map<string, TermLabel>();
for (const { skills } of skillCategories) {
  for (const [slug, de, en, fr] of skills) skillLabels.set(slug, { de, en: en ?? de, fr: fr ?? en ?? de });
}
const benefitLabels = new Map<string, TermLabel>(
  benefitTerms.map(([slug, de, en, fr]) => [slug, { de, en: en ?? de, fr: fr ?? en ?? de }]),
);

const softSkills = skillCategories.find((entry) => entry.category[0] === 'persoenliche-staerken')?.skills ?? [];

const genderMarkers: Record<ContentLanguage, readonly (readonly [string, number])[]> = {
  de: [
    ['(m/w/d)', 75],
    ['(w/m/d)', 15],
    ['(m/w/x)', 5],
    ['(gn*)', 5],
  ],
  en: [
    ['(m/f/d)', 80],
    ['(all genders)', 20],
  ],
  fr: [
    ['(H/F)', 85],
    ['(F/H)', 15],
  ],
};

const germanMonths = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

function fill(template: string, values: (key: string) => string | undefined): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values(key) ?? match);
}

function weighted(random: Random, entries: readonly (readonly [string, number])[]): string {
  return random.weightedPick(entries, ([, weight]) => weight)[0];
}

function roundSalary(value: number, unit: SalaryUnit): number {
  switch (unit) {
    case 'hour':
      return Math.round(value * 20) / 20;
    case 'month':
      return Math.round(value / 50) * 50;
    case 'year':
      return Math.round(value / 500) * 500;
  }
}

function salaryRange(random: Random, band: SalaryBand): { min: number; max: number } {
  const span = band.to - band.from;
  const min = Math.max(band.from, roundSalary(band.from + span * random.float(0, 0.6), band.unit));
  if (random.chance(0.1)) return { min, max: min };
  const max = Math.min(band.to, roundSalary(min + (band.to - min) * random.float(0.25, 1), band.unit));
  return { min, max: Math.max(min, max) };
}

function formatMoney(value: number, language: ContentLanguage): string {
  const locale = language === 'de' ? 'de-DE' : language === 'fr' ? 'fr-FR' : 'en-GB';
  return value.toLocaleString(locale, { minimumFractionDigits: value % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 });
}

const unitText: Record<ContentLanguage, Record<SalaryUnit, string>> = {
  de: { hour: 'pro Stunde', month: 'brutto im Monat', year: 'brutto im Jahr' },
  en: { hour: 'per hour', month: 'gross per month', year: 'gross per year' },
  fr: { hour: 'de l’heure', month: 'brut par mois', year: 'brut par an' },
};

const headings: Record<'de' | 'du' | 'en' | 'fr', readonly [string, string, string, string]> = {
  de: ['Ihre Aufgaben', 'Ihr Profil', 'Wir bieten', 'Kontakt'],
  du: ['Deine Aufgaben', 'Dein Profil', 'Wir bieten dir', 'Kontakt'],
  en: ['Your tasks', 'Your profile', 'What we offer', 'Contact'],
  fr: ['Vos missions', 'Votre profil', 'Nous vous offrons', 'Contact'],
};

const qualifyingQuestions: Record<ContentLanguage, readonly string[]> = {
  de: [
    'Ab wann könnten Sie bei uns starten?',
    'Besitzen Sie einen Führerschein der Klasse B?',
    'Sind Sie bereit, im Schichtdienst zu arbeiten?',
    'Wie viele Jahre Berufserfahrung bringen Sie in diesem Bereich mit?',
    'Wie hoch sind Ihre Gehaltsvorstellungen?',
    'Verfügen Sie über eine in Deutschland anerkannte Berufsausbildung?',
  ],
  en: [
    'When could you start?',
    'Do you hold a valid work permit for Germany?',
    'How many years of relevant experience do you have?',
    'What are your salary expectations?',
  ],
  fr: [
    'Quelle est votre date de disponibilité ?',
    'Êtes-vous titulaire du permis B ?',
    'Quelles sont vos prétentions salariales ?',
  ],
};

interface Context {
  options: JobGeneratorOptions;
  organizationTable: WeightedTable<OrganizationDraft>;
  organizationsByField: Map<string, OrganizationDraft[]>;
  nearbyCities: Map<number, GazetteerCity[]>;
  apprenticeshipStart: string[];
}

/** Returns a function that generates job n; cheap to call for any index in any order. */
export function createJobGenerator(options: JobGeneratorOptions): (index: number) => JobDraft {
  if (options.organizations.length === 0) throw new Error('jobs need at least one organization');
  const organizationsByField = new Map<string, OrganizationDraft[]>();
  for (const organization of options.organizations) {
    for (const field of organization.fields) {
      const list = organizationsByField.get(field.slug) ?? [];
      list.push(organization);
      organizationsByField.set(field.slug, list);
    }
  }
  const year = options.referenceDate.getUTCFullYear() + (options.referenceDate.getUTCMonth() >= 7 ? 1 : 0);
  const context: Context = {
    options,
    organizationTable: createWeightedTable(options.organizations, (organization) => organization.jobVolume),
    organizationsByField,
    nearbyCities: new Map(),
    apprenticeshipStart: [`${year}`, `ab August ${year}`, `ab 1. September ${year}`, `${year}/${year + 1}`],
  };
  return (index) => generateJob(context, index);
}

function pickOrganizationAndField(
  context: Context,
  random: Random,
  index: number,
): { organization: OrganizationDraft; field: JobField } {
  // The first eleven jobs go one to each occupational field, so that small seeds cover all of them.
  if (index < jobCategories.length) {
    const slug = (jobCategories[index] as (typeof jobCategories)[number]).slug;
    const field = jobFields.find((candidate) => candidate.slug === slug) as JobField;
    const candidates = context.organizationsByField.get(slug);
    const organization = candidates ? random.pick(candidates) : context.organizationTable.pick(random);
    return { organization, field };
  }
  const organization = context.organizationTable.pick(random);
  const fieldSlug = random.weightedPick(organization.fields, (field) => field.weight).slug;
  const field = jobFields.find((candidate) => candidate.slug === fieldSlug) as JobField;
  return { organization, field };
}

function chooseLanguage(random: Random, organization: OrganizationDraft, field: JobField): ContentLanguage {
  // The German dual apprenticeship does not exist in France: Alsatian employers advertise an apprentissage.
  if (field.slug === 'ausbildung' && organization.address.city.countryCode === 'FR') return 'fr';
  if (
    organization.frontend === 'jobregio' &&
    random.chance(organization.address.city.countryCode === 'FR' ? 0.25 : 0.03)
  )
    return 'fr';
  const englishShare = field.slug === 'it-telekommunikation' ? 0.25 : field.slug === 'ausbildung' ? 0.02 : 0.065;
  return random.chance(englishShare) ? 'en' : 'de';
}

function nearby(context: Context, city: GazetteerCity): GazetteerCity[] {
  let list = context.nearbyCities.get(city.id);
  if (!list) {
    list = citiesNear(context.options.gazetteer, city, 40);
    context.nearbyCities.set(city.id, list);
  }
  return list;
}

function jobLocations(context: Context, random: Random, organization: OrganizationDraft): AddressDraft[] {
  const count = random.weightedPick([1, 2, 3], (n) => (n === 1 ? 75 : n === 2 ? 18 : 7));
  const home = organization.address.city;
  const cities: GazetteerCity[] = [];
  const draw = random.next();
  if (draw < 0.65) cities.push(home);
  else if (draw < 0.9) cities.push(random.pick(nearby(context, home)));
  else cities.push(brandCityPools(context.options.gazetteer).pick(organization.frontend, random));
  const branches = organization.page?.locations.map((location) => location.address.city) ?? [];
  for (let attempt = 0; cities.length < count && attempt < 10; attempt += 1) {
    const candidate =
      branches.length > 0 && random.chance(0.5) ? random.pick(branches) : random.pick(nearby(context, home));
    if (!cities.some((city) => city.id === candidate.id)) cities.push(candidate);
  }
  return cities.map((city) =>
    city.id === home.id ? organization.address : { city, addressLine1: null, ...nearTownCentre(random, city) },
  );
}

function generateTitle(
  random: Random,
  context: Context,
  field: JobField,
  language: ContentLanguage,
  organization: OrganizationDraft,
): { title: string; core: string; options: TitleOptions } {
  const all: readonly TitlePattern[] =
    language === 'en' && field.titlesEn.length > 0
      ? field.titlesEn
      : language === 'fr' && field.titlesFr.length > 0
        ? field.titlesFr
        : field.titles;
  const suitable = all.filter(([pattern]) => titleEmployers[pattern]?.includes(organization.type.key) ?? true);
  const [pattern, options = {}] = random.pick(suitable.length > 0 ? suitable : all);
  const marker = weighted(random, genderMarkers[language]);
  const slotValue = (key: string): string | undefined => {
    if (key === 'g') return marker;
    if (key === 'start')
      return language === 'de' ? random.pick(context.apprenticeshipStart) : context.apprenticeshipStart[0];
    const values = field.slots[key];
    return values ? random.pick(values) : undefined;
  };
  const title = fill(pattern, slotValue).replace(/\s+/g, ' ').trim();
  const core = title.replace(marker, '').replace(/\s+/g, ' ').trim();
  return { title, core, options };
}

function germanStartDate(random: Random, reference: Date): string {
  const inMonths = random.int(1, 4);
  const date = new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth() + inMonths, 1));
  return `zum 1. ${germanMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function generateJob(context: Context, index: number): JobDraft {
  const { options } = context;
  const random = createRandom(deriveSeed(options.seed, 'job', index));
  const { organization, field } = pickOrganizationAndField(context, random, index);
  const language = chooseLanguage(random, organization, field);
  const { title, core, options: titleOptions } = generateTitle(random, context, field, language, organization);

  // Classification.
  const employmentSlugs = titleOptions.employment ? [...titleOptions.employment] : [weighted(random, field.employment)];
  if (employmentSlugs[0] === 'vollzeit' && random.chance(0.2)) employmentSlugs.push('teilzeit');
  if ((employmentSlugs[0] === 'vollzeit' || employmentSlugs[0] === 'teilzeit') && random.chance(0.08))
    employmentSlugs.push('befristet');
  const isMarginal = employmentSlugs.some((slug) =>
    ['minijob', 'ausbildung', 'werkstudent', 'praktikum'].includes(slug),
  );
  const degreeSlug = random.pick(titleOptions.degrees ?? field.degrees);
  const academic = ['bachelor', 'master', 'staatsexamen', 'promotion'].includes(degreeSlug);
  // Trades, care and warehouse work happen on site; desk jobs may be hybrid or remote.
  const deskJob =
    academic || (deskFields.has(field.slug) && !['ohne-abschluss', 'hauptschulabschluss'].includes(degreeSlug));
  const remoteSlug =
    isMarginal || !deskJob
      ? 'vor-ort'
      : random.weightedPick(['vor-ort', 'hybrid', 'remote'] as const, (slug) =>
          slug === 'vor-ort' ? field.remote[0] : slug === 'hybrid' ? field.remote[1] : field.remote[2],
        );
  const experienceSlug = titleOptions.experience
    ? random.pick(titleOptions.experience)
    : weighted(random, field.experience);
  const studyPool = titleOptions.studies ?? field.studies;
  const studySlugs = academic && studyPool.length > 0 ? random.sample(studyPool, random.int(1, 2)) : [];

  const categorySkills = field.skillCategories
    .filter((category) => category !== 'persoenliche-staerken')
    .flatMap((category) => skillCategories.find((entry) => entry.category[0] === category)?.skills ?? [])
    .map(([slug]) => slug);
  const skillSlugs = [
    ...new Set([
      ...(titleOptions.skills ?? []),
      ...random.sample(categorySkills, random.int(categorySkills.length > 0 ? 2 : 0, 4)),
      ...random.sample(softSkills, random.int(1, 2)).map(([slug]) => slug),
    ]),
  ];
  const skillsText = skillSlugs.map((slug) => skillLabels.get(slug)?.[language] ?? slug).join(', ');

  const languageSlugs =
    language === 'en'
      ? ['englisch', ...(random.chance(0.4) ? ['deutsch'] : [])]
      : language === 'fr'
        ? ['franzoesisch', ...(random.chance(0.6) ? ['deutsch'] : [])]
        : [
            'deutsch',
            ...(random.chance(field.slug === 'it-telekommunikation' ? 0.6 : 0.25) ? ['englisch'] : []),
            ...(organization.frontend === 'jobregio' && random.chance(0.35) ? ['franzoesisch'] : []),
            ...(random.chance(0.03)
              ? [random.pick(['tuerkisch', 'polnisch', 'russisch', 'arabisch', 'rumaenisch'])]
              : []),
          ];

  // Salary: about 70 % state one; Swiss employers pay in francs, which the EUR-only demo leaves out.
  const band = employmentSlugs.includes('minijob')
    ? titleOptions.salary?.unit === 'hour'
      ? titleOptions.salary
      : field.salary
    : (titleOptions.salary ?? field.salary);
  const hasSalary = organization.address.city.countryCode !== 'CH' && random.chance(0.7);
  const range = hasSalary ? salaryRange(random, band) : null;
  const salary = range ? { ...range, unit: band.unit, currencyCode: 'EUR' } : null;
  const salaryFree = salary
    ? null
    : field.slug === 'oeffentlicher-dienst' && language === 'de'
      ? `Entgeltgruppe ${random.pick(['E 6', 'E 8', 'E 9a', 'E 9b', 'E 10', 'E 11'])} TVöD`
      : random.chance(0.3)
        ? { de: 'nach Vereinbarung', en: 'competitive salary', fr: 'selon profil' }[language]
        : null;

  // Schedule and workflow state, relative to the reference date.
  const reference = options.referenceDate.getTime();
  const stateDraw = random.next();
  const state: JobState =
    stateDraw < 0.01 ? 'scheduled' : stateDraw < 0.04 ? 'needs_review' : stateDraw < 0.06 ? 'archived' : 'published';
  let publishedAt: number;
  switch (state) {
    case 'scheduled':
      publishedAt = reference + random.int(1, 14) * dayMs + random.int(6, 10) * hourMs;
      break;
    case 'needs_review':
      publishedAt = reference - random.float(0, 5) * dayMs;
      break;
    case 'archived':
      publishedAt = reference - random.float(30, 59.9) * dayMs;
      break;
    case 'published':
      // More recent ads than old ones, as on a live job market.
      publishedAt = reference - 59.9 * dayMs * random.next() ** 1.3;
      break;
  }
  publishedAt = Math.floor(publishedAt / 1000) * 1000;
  const durationDays = random.int(30, 90);
  const createdAt = Math.min(publishedAt, reference) - random.int(1, 72) * hourMs;

  // Application options and job type.
  const jobType = random.weightedPick(brandJobTypes[organization.frontend], (type) => jobTypeWeights[type]);
  const slug = slugifyGerman(core).slice(0, 60);
  const careerSite = `https://karriere.${organization.domain}/stellen/${slug}`;
  const contacts: PersonDraft[] = [organization.owner, ...(organization.page?.contacts ?? [])];
  const contact = random.pick(contacts);
  const applicationWorkflow: ApplicationWorkflow =
    jobType === 'job_per_link'
      ? 'link'
      : random.weightedPick(['email', 'on_site', 'link'] as const, (workflow) =>
          workflow === 'email' ? 45 : workflow === 'on_site' ? 40 : 15,
        );
  const applicationEmails =
    applicationWorkflow === 'email' ? [random.chance(0.5) ? `bewerbung@${organization.domain}` : contact.email] : [];
  const requireQuestions = applicationWorkflow === 'on_site' && random.chance(0.25);
  const questions: QualifyingQuestion[] = requireQuestions
    ? random.sample(qualifyingQuestions[language], random.int(1, 3)).map((question) => ({
        question,
        required: random.chance(0.6),
      }))
    : [];

  const locations = jobLocations(context, random, organization);
  const city = (locations[0] as AddressDraft).city;
  const availabilityPeriod = {
    de: random.pick(['ab sofort', 'nach Vereinbarung', germanStartDate(random, options.referenceDate)]),
    en: random.pick(['immediately', 'by arrangement']),
    fr: random.pick(['dès que possible', 'à convenir']),
  }[language];

  const description = describeJob(random, {
    field,
    language,
    informal: informalFields.has(field.slug) && language === 'de',
    core,
    city: city.name,
    organization,
    contact,
    salary,
    applicationWorkflow,
    applicationEmail: applicationEmails[0],
    availabilityPeriod,
    isLinkAd: jobType === 'job_per_link',
  });

  return {
    index,
    organizationIndex: organization.index,
    frontend: organization.frontend,
    jobType,
    state,
    title,
    linkUrl: jobType === 'job_per_link' ? careerSite : null,
    fileKey: jobType === 'job_per_file' ? `demo/job-ads/${options.seed}-${index}.pdf` : null,
    description,
    availabilityPeriod,
    videoUrl: organization.page && random.chance(0.1) ? (organization.page.videos[0]?.source ?? null) : null,
    organizationName: organization.name,
    fieldSlug: field.slug,
    remoteSlug,
    experienceSlug,
    degreeSlug,
    employmentSlugs,
    studySlugs,
    languageSlugs,
    skillSlugs,
    skillsText,
    skillsFree: random.chance(0.1)
      ? random.pick(['Führerschein Klasse B', 'Erste-Hilfe-Kurs', 'MS Teams', 'Jira, Confluence', 'Gabelstaplerschein'])
      : null,
    languagesFree: random.chance(0.05) ? 'Deutsch (C1), Englisch (B2)' : null,
    salary,
    salaryFree,
    publishedAt: new Date(publishedAt),
    expiresAt: new Date(publishedAt + durationDays * dayMs),
    durationDays,
    createdAt: new Date(createdAt),
    applicationWorkflow,
    applicationEmails,
    applicationLink: applicationWorkflow === 'link' ? careerSite : null,
    applicationRequireCv: applicationWorkflow === 'on_site' && random.chance(0.7),
    applicationRequireCoverLetter: applicationWorkflow === 'on_site' && random.chance(0.2),
    applicationRequireQualifyingQuestions: requireQuestions,
    applicationQualifyingQuestions: questions,
    language,
    searchConfig: language === 'en' ? 'english' : language === 'fr' ? 'french' : 'german',
    isTop: random.chance(0.1),
    locations,
  };
}

interface DescriptionInput {
  field: JobField;
  language: ContentLanguage;
  informal: boolean;
  core: string;
  city: string;
  organization: OrganizationDraft;
  contact: PersonDraft;
  salary: JobDraft['salary'];
  applicationWorkflow: ApplicationWorkflow;
  applicationEmail: string | undefined;
  availabilityPeriod: string;
  isLinkAd: boolean;
}

function list(items: readonly string[]): string {
  return `<ul>\n${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`;
}

function describeJob(random: Random, input: DescriptionInput): string {
  const { field, language, informal, core, city, organization, contact, salary } = input;
  const [tasksHeading, profileHeading, offerHeading, contactHeading] =
    headings[language === 'de' ? (informal ? 'du' : 'de') : language];
  const tasks = random.sample(field.tasks[language], Math.min(field.tasks[language].length, random.int(4, 6)));
  const profile = random.sample(field.profile[language], Math.min(field.profile[language].length, random.int(3, 5)));

  const offers = random
    .sample(organization.benefits, random.int(3, 5))
    .map((slug) => benefitLabels.get(slug)?.[language])
    .filter((label): label is string => Boolean(label));
  if (salary) {
    const amount =
      salary.min === salary.max
        ? `${formatMoney(salary.min, language)} €`
        : `${formatMoney(salary.min, language)} – ${formatMoney(salary.max, language)} €`;
    offers.unshift(
      {
        de: `Vergütung: ${amount} ${unitText.de[salary.unit]}`,
        en: `Salary: ${amount} ${unitText.en[salary.unit]}`,
        fr: `Rémunération : ${amount} ${unitText.fr[salary.unit]}`,
      }[language],
    );
  }
  offers.push(
    {
      de: informal
        ? 'Ein herzliches Team, das dich vom ersten Tag an unterstützt'
        : 'Ein kollegiales Team und eine strukturierte Einarbeitung',
      en: 'A friendly team and a structured onboarding',
      fr: 'Une équipe bienveillante et une intégration structurée',
    }[language],
  );

  const intro = {
    de: informal
      ? random.pick([
          `Du suchst einen Job mit Zukunft in ${city}? Dann bewirb dich jetzt: ${core}.`,
          `Wir suchen dich in ${city}: ${core}.`,
          `Werde Teil unseres Teams in ${city}! Unser Angebot: ${core}. Wir freuen uns auf dich!`,
        ])
      : random.pick([
          `Zur Verstärkung unseres Teams in ${city} suchen wir zum nächstmöglichen Zeitpunkt eine engagierte Persönlichkeit als ${core}.`,
          `Sie möchten etwas bewegen? Dann werden Sie Teil unseres Teams in ${city} als ${core}.`,
          `Für unseren Standort ${city} suchen wir ${input.availabilityPeriod} Verstärkung als ${core}.`,
        ]),
    en: `Join our team in ${city} as ${core}.`,
    fr: `Pour renforcer notre équipe à ${city}, nous recrutons : ${core}.`,
  }[language];

  const contactName = `${contact.salutation} ${contact.firstName} ${contact.lastName}`;
  const howToApply = {
    email: {
      de: informal
        ? `Schick uns deine Bewerbung einfach per E-Mail an ${input.applicationEmail ?? contact.email}.`
        : `Bitte senden Sie Ihre Bewerbungsunterlagen per E-Mail an ${input.applicationEmail ?? contact.email}.`,
      en: `Please send your application by e-mail to ${input.applicationEmail ?? contact.email}.`,
      fr: `Merci d’adresser votre candidature par e-mail à ${input.applicationEmail ?? contact.email}.`,
    },
    link: {
      de: informal
        ? 'Bewirb dich ganz einfach über unser Karriereportal.'
        : 'Bewerben Sie sich bequem über unser Karriereportal.',
      en: 'Please apply through our careers portal.',
      fr: 'Postulez directement sur notre site carrières.',
    },
    on_site: {
      de: informal
        ? 'Bewirb dich direkt hier über „Jetzt bewerben“ – ganz ohne Anschreiben.'
        : 'Bewerben Sie sich direkt hier über „Jetzt bewerben“ – ein Anschreiben ist nicht erforderlich.',
      en: 'Apply right here with “Apply now” – no cover letter needed.',
      fr: 'Postulez directement ici via « Postuler ».',
    },
  }[input.applicationWorkflow][language];
  const questionsLine = {
    de: informal
      ? `Fragen beantwortet dir gerne ${contactName}`
      : `Für Fragen steht Ihnen ${contactName} gerne zur Verfügung`,
    en: `If you have any questions, ${contact.firstName} ${contact.lastName} will be happy to help`,
    fr: `Pour toute question, ${contact.firstName} ${contact.lastName} se tient à votre disposition`,
  }[language];

  const sections = [
    `<p>${escapeHtml(intro)}</p>`,
    `<h2>${tasksHeading}</h2>\n${list(tasks)}`,
    `<h2>${profileHeading}</h2>\n${list(profile)}`,
    `<h2>${offerHeading}</h2>\n${list(offers)}`,
    `<h2>${contactHeading}</h2>\n<p>${escapeHtml(howToApply)} ${escapeHtml(questionsLine)} (${escapeHtml(contact.position)}, Tel. ${escapeHtml(contact.phone)}).</p>`,
  ];
  // Link ads point to the full text on the employer's site; they carry a shorter teaser.
  if (input.isLinkAd) return [sections[0], sections[1], sections[4]].join('\n');
  return sections.join('\n');
}
