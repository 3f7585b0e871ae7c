/**
 * Editorial and commercial content around the jobs: landing pages, redirects, SEO meta tags, blog posts,
 * GDPR consent texts, application configuration, products, subscriptions and credit balances.
 */
import type { BrandId } from '../../../brands/ids.ts';
import { brandIds } from '../../../brands/ids.ts';
import { jobCategories } from '../../lib/job-categories.ts';
import type {
  ContentLanguage,
  MetaTag,
  NewAppConfigEntry,
  NewBlogPost,
  NewProduct,
  NewRedirect,
  ProductType,
} from '../db/schema/index.ts';
import { blogPosts } from './catalog/blog-posts.ts';
import { findCity, type Gazetteer } from './gazetteer.ts';
import { escapeHtml } from './generate-organizations.ts';
import type { Random } from './random.ts';
import { slugifyGerman } from './slug.ts';

const dayMs = 24 * 60 * 60 * 1000;

export interface LandingPageDraft {
  path: string;
  title: string;
  introHtml: string;
  description: string;
  fieldSlug: string | null;
  region: string | null;
  locality: string | null;
  language: ContentLanguage;
}

/** City landing pages: [path, occupational field, city as in the gazetteer, language]. */
const cityLandingPages: readonly (readonly [string, string | null, string, ContentLanguage])[] = [
  ['/pflege-jobs-stuttgart', 'gesundheit-soziales', 'Stuttgart', 'de'],
  ['/pflege-jobs-tuebingen', 'gesundheit-soziales', 'Tübingen', 'de'],
  ['/pflege-jobs-hamburg', 'gesundheit-soziales', 'Hamburg', 'de'],
  ['/it-jobs-muenchen', 'it-telekommunikation', 'München', 'de'],
  ['/it-jobs-berlin', 'it-telekommunikation', 'Berlin', 'de'],
  ['/it-jobs-karlsruhe', 'it-telekommunikation', 'Karlsruhe', 'de'],
  ['/ausbildung-stuttgart', 'ausbildung', 'Stuttgart', 'de'],
  ['/ausbildung-tuebingen', 'ausbildung', 'Tübingen', 'de'],
  ['/minijobs-reutlingen', 'minijobs', 'Reutlingen', 'de'],
  ['/minijobs-koeln', 'minijobs', 'Köln', 'de'],
  ['/gastro-jobs-freiburg', 'gastronomie-tourismus', 'Freiburg im Breisgau', 'de'],
  ['/gastro-jobs-muenchen', 'gastronomie-tourismus', 'München', 'de'],
  ['/ingenieur-jobs-stuttgart', 'ingenieure-technik', 'Stuttgart', 'de'],
  ['/ingenieur-jobs-ulm', 'ingenieure-technik', 'Ulm', 'de'],
  ['/logistik-jobs-frankfurt', 'einkauf-materialwirtschaft-logistik', 'Frankfurt am Main', 'de'],
  ['/logistik-jobs-hamburg', 'einkauf-materialwirtschaft-logistik', 'Hamburg', 'de'],
  ['/verwaltungsjobs-tuebingen', 'oeffentlicher-dienst', 'Tübingen', 'de'],
  ['/vertrieb-jobs-duesseldorf', 'vertrieb-verkauf-handel', 'Düsseldorf', 'de'],
  ['/steuer-jobs-heilbronn', 'recht-steuern-wirtschaftspruefung', 'Heilbronn', 'de'],
  ['/hr-jobs-berlin', 'personalwesen', 'Berlin', 'de'],
  ['/jobs-basel', null, 'Basel', 'de'],
  ['/emplois-strasbourg', null, 'Strasbourg', 'fr'],
];

export function generateLandingPages(gazetteer: Gazetteer): LandingPageDraft[] {
  const pages: LandingPageDraft[] = jobCategories.map((category) => {
    const label = category.label.de;
    return {
      path: `/${category.slug}-jobs`,
      title: `${label}: Jobs und Stellenangebote`,
      introHtml: [
        `<p>Hier finden Sie aktuelle Stellenangebote im Bereich ${escapeHtml(label)} – von regionalen Arbeitgebern, täglich aktualisiert.</p>`,
        `<p>Filtern Sie nach Ort, Umkreis, Anstellungsart und Berufserfahrung und lassen Sie sich neue Jobs per Jobalarm schicken.</p>`,
      ].join('\n'),
      description: `Aktuelle Jobs im Bereich ${label}: Stellenangebote regionaler Arbeitgeber mit Gehaltsangaben, Umkreissuche und Jobalarm.`,
      fieldSlug: category.slug,
      region: null,
      locality: null,
      language: 'de',
    };
  });
  for (const [path, fieldSlug, cityName, language] of cityLandingPages) {
    const city = findCity(gazetteer, cityName);
    const category = fieldSlug ? jobCategories.find((candidate) => candidate.slug === fieldSlug) : undefined;
    const label = category?.label.de;
    if (language === 'fr') {
      pages.push({
        path,
        title: `Emplois à ${cityName} et dans le Rhin supérieur`,
        introHtml: `<p>Toutes les offres d’emploi à ${escapeHtml(cityName)} et de l’autre côté du Rhin : en Alsace, dans le pays de Bade et en Suisse du Nord-Ouest.</p>\n<p>Créez une alerte emploi pour recevoir les nouvelles offres par e-mail.</p>`,
        description: `Offres d’emploi à ${cityName} et dans le Rhin supérieur : postes en Alsace, dans le pays de Bade et à Bâle.`,
        fieldSlug: null,
        region: city?.state ?? null,
        locality: cityName,
        language,
      });
      continue;
    }
    // Reads naturally (issue 19): "Jobs in Köln: Minijobs", not "Minijobs-Jobs in Köln".
    const subject = label ? `Jobs in ${cityName}: ${label}` : `Jobs in ${cityName}`;
    pages.push({
      path,
      title: subject,
      introHtml: [
        `<p>Sie suchen ${label ? `einen Job im Bereich ${escapeHtml(label)}` : 'einen neuen Job'} in ${escapeHtml(cityName)} oder Umgebung? Hier finden Sie alle aktuellen Stellenangebote aus der Region${city ? ` ${escapeHtml(city.state)}` : ''} auf einen Blick.</p>`,
        `<p>Ob Vollzeit, Teilzeit oder Ausbildung: Vergleichen Sie Arbeitgeber, Gehälter und Benefits und bewerben Sie sich direkt online.</p>`,
      ].join('\n'),
      description: `${subject}: aktuelle Stellenangebote in ${cityName} und Umgebung – mit Gehaltsangaben und Umkreissuche.`,
      fieldSlug,
      region: city?.state ?? null,
      locality: cityName,
      language,
    });
  }
  return pages;
}

export function generateRedirects(): NewRedirect[] {
  return [
    { sourcePath: '/stellenangebote-pflege-stuttgart', target: '/pflege-jobs-stuttgart', statusCode: 301 },
    { sourcePath: '/it-stellen-muenchen', target: '/it-jobs-muenchen', statusCode: 301 },
    { sourcePath: '/jobs-minijob-koeln', target: '/minijobs-koeln', statusCode: 301 },
    { sourcePath: '/ausbildungsplaetze-tuebingen', target: '/ausbildung-tuebingen', statusCode: 301 },
    { sourcePath: '/gastronomie-jobs', target: '/gastronomie-tourismus-jobs', statusCode: 301 },
    { sourcePath: '/karriere-tipps', target: '/blog', statusCode: 301 },
    // A campaign page that was removed for good.
    { sourcePath: '/sommerjobs-2023', target: null, statusCode: 410 },
  ];
}

export interface MetatagDraft {
  path: string;
  language: ContentLanguage;
  tags: MetaTag[];
}

function tags(title: string, description: string): MetaTag[] {
  return [
    { meta: 'title', value: title },
    { meta: 'description', value: description },
    { meta: 'og:title', value: title },
    { meta: 'og:description', value: description },
    { meta: 'og:type', value: 'website' },
    { meta: 'twitter:card', value: 'summary_large_image' },
  ];
}

export function generateMetatags(landingPages: readonly LandingPageDraft[]): MetatagDraft[] {
  const fixed: MetatagDraft[] = [
    {
      path: '/',
      language: 'de',
      tags: tags(
        'Stellenmarkt: Jobs und Arbeitgeber aus der Region',
        'Tausende aktuelle Stellenangebote regionaler Arbeitgeber: Jobs in Vollzeit, Teilzeit, Ausbildung und Minijob finden und direkt bewerben.',
      ),
    },
    {
      path: '/',
      language: 'en',
      tags: tags(
        'Job market: jobs and employers in the region',
        'Thousands of current vacancies from regional employers.',
      ),
    },
    {
      path: '/',
      language: 'fr',
      tags: tags(
        'Offres d’emploi et employeurs de la région',
        'Des milliers d’offres d’emploi actuelles d’employeurs régionaux.',
      ),
    },
    {
      path: '/jobs',
      language: 'de',
      tags: tags(
        'Jobs und Stellenangebote finden',
        'Durchsuchen Sie alle aktuellen Stellenangebote nach Beruf, Ort, Umkreis, Anstellungsart und Homeoffice-Möglichkeiten.',
      ),
    },
    {
      path: '/jobs',
      language: 'en',
      tags: tags(
        'Find jobs and vacancies',
        'Search all current vacancies by occupation, location, radius and employment type.',
      ),
    },
    {
      path: '/jobs',
      language: 'fr',
      tags: tags('Trouver un emploi', 'Toutes les offres d’emploi par métier, lieu, rayon et type de contrat.'),
    },
    {
      path: '/organizations',
      language: 'de',
      tags: tags(
        'Arbeitgeber aus der Region entdecken',
        'Arbeitgeberprofile mit Benefits, Ansprechpartnern, Einblicken und offenen Stellen – von Klinik bis Software-Startup.',
      ),
    },
    {
      path: '/organizations',
      language: 'en',
      tags: tags('Discover employers in the region', 'Employer profiles with benefits, contacts and open positions.'),
    },
    {
      path: '/organizations',
      language: 'fr',
      tags: tags(
        'Découvrir les employeurs de la région',
        'Profils employeurs avec avantages, contacts et offres ouvertes.',
      ),
    },
  ];
  return [
    ...fixed,
    ...landingPages.map((page) => ({
      path: page.path,
      language: page.language,
      tags: tags(page.title, page.description),
    })),
  ];
}

/** Issue 19: the category (a job category's slug) and tags of each catalog article, in catalog order. */
const blogPostTopics: readonly { category: string; tags: string[] }[] = [
  { category: 'personalwesen', tags: ['bewerbung', 'anschreiben'] },
  { category: 'vertrieb-verkauf-handel', tags: ['gehalt', 'karriere'] },
  { category: 'ausbildung', tags: ['ausbildung', 'studium'] },
  { category: 'it-telekommunikation', tags: ['bewerbung', 'vorstellungsgespraech'] },
  { category: 'gesundheit-soziales', tags: ['quereinstieg', 'karriere'] },
  { category: 'recht-steuern-wirtschaftspruefung', tags: ['arbeitsrecht', 'homeoffice'] },
  { category: 'personalwesen', tags: ['bewerbung', 'lebenslauf'] },
  { category: 'minijobs', tags: ['nebenjob'] },
  { category: 'oeffentlicher-dienst', tags: ['weiterbildung', 'karriere'] },
  { category: 'personalwesen', tags: ['karriere'] },
  { category: 'recht-steuern-wirtschaftspruefung', tags: ['arbeitsrecht', 'bewerbung'] },
  { category: 'gastronomie-tourismus', tags: ['jobsuche'] },
];

/** The demo articles of each brand with a blog (`frontends`); the newest one of each is still a draft. */
export function generateBlogPosts(random: Random, referenceDate: Date, frontends: readonly BrandId[]): NewBlogPost[] {
  return frontends.flatMap((frontend) =>
    blogPosts.map((post, index) => {
      // Roughly one article a fortnight; the newest one is still a draft.
      const isDraft = index === blogPosts.length - 1;
      const publishedAt = new Date(referenceDate.getTime() - (index * 14 + random.int(0, 6)) * dayMs);
      const topic = blogPostTopics[index % blogPostTopics.length];
      return {
        frontend,
        slug: slugifyGerman(post.title),
        title: post.title,
        teaser: post.teaser,
        bodyHtml: post.body,
        imageUrl: null,
        author: post.author,
        category: topic?.category ?? null,
        tags: topic?.tags ?? [],
        publishedAt: isDraft ? null : publishedAt,
        language: 'de' as const,
        createdAt: new Date(publishedAt.getTime() - 2 * dayMs),
        updatedAt: publishedAt,
      };
    }),
  );
}

export interface ConsentDraft {
  type: string;
  placement: string;
  optIn: boolean;
  revisions: { revision: number; language: ContentLanguage; text: string; path: string; createdAt: Date }[];
}

const termsTexts: Record<ContentLanguage, readonly [string, string]> = {
  de: [
    '<p>Ich habe die <a href="/privacy-policy">Datenschutzerklärung</a> und die Nutzungsbedingungen gelesen und bin damit einverstanden, dass meine Angaben zur Bearbeitung meines Kontos und meiner Bewerbungen gespeichert werden.</p>',
    '<p>Ich habe die <a href="/privacy-policy">Datenschutzerklärung</a> und die Nutzungsbedingungen in der aktuellen Fassung gelesen. Ich bin einverstanden, dass meine Angaben zur Bearbeitung meines Kontos, meiner Bewerbungen und – falls aktiviert – meines Lebenslaufs gespeichert und an die von mir ausgewählten Arbeitgeber übermittelt werden. Die Einwilligung kann ich jederzeit mit Wirkung für die Zukunft widerrufen.</p>',
  ],
  en: [
    '<p>I have read the <a href="/privacy-policy">privacy policy</a> and the terms of use and agree that my details are stored to manage my account and applications.</p>',
    '<p>I have read the current <a href="/privacy-policy">privacy policy</a> and terms of use. I agree that my details are stored to manage my account, my applications and – if enabled – my CV, and are passed on to the employers I choose. I can withdraw my consent at any time with effect for the future.</p>',
  ],
  fr: [
    '<p>J’ai lu la <a href="/privacy-policy">politique de confidentialité</a> et les conditions d’utilisation et j’accepte que mes données soient enregistrées pour la gestion de mon compte et de mes candidatures.</p>',
    '<p>J’ai lu la version actuelle de la <a href="/privacy-policy">politique de confidentialité</a> et des conditions d’utilisation. J’accepte que mes données soient enregistrées pour la gestion de mon compte, de mes candidatures et, le cas échéant, de mon CV, et transmises aux employeurs que je choisis. Je peux retirer mon consentement à tout moment pour l’avenir.</p>',
  ],
};

export function generateConsents(referenceDate: Date): ConsentDraft[] {
  const firstRevision = new Date(referenceDate.getTime() - 400 * dayMs);
  const secondRevision = new Date(referenceDate.getTime() - 45 * dayMs);
  const terms: ConsentDraft[] = ['registration', 'modal'].map((placement) => ({
    type: 'terms',
    placement,
    optIn: true,
    revisions: (['de', 'en', 'fr'] as const).flatMap((language) =>
      termsTexts[language].map((text, index) => ({
        revision: index + 1,
        language,
        text,
        path: '/privacy-policy',
        createdAt: index === 0 ? firstRevision : secondRevision,
      })),
    ),
  }));
  // The newsletter's consent text (issue 19), recorded with every sign-up.
  const newsletter: ConsentDraft = {
    type: 'newsletter',
    placement: 'newsletter',
    optIn: true,
    revisions: (['de', 'en', 'fr'] as const).map((language) => ({
      revision: 1,
      language,
      text: newsletterTexts[language],
      path: '/privacy-policy',
      createdAt: secondRevision,
    })),
  };
  return [...terms, newsletter];
}

const newsletterTexts: Record<ContentLanguage, string> = {
  de: '<p>Ich möchte den Newsletter mit neuen Jobs und Tipps per E-Mail erhalten. Meine Adresse wird nur dafür verwendet; die Einwilligung kann ich jederzeit mit einem Klick widerrufen. Mehr in der <a href="/privacy-policy">Datenschutzerklärung</a>.</p>',
  en: '<p>I want to receive the newsletter with new jobs and tips by e-mail. My address is used for this only; I can withdraw my consent at any time with one click. More in the <a href="/privacy-policy">privacy policy</a>.</p>',
  fr: '<p>Je souhaite recevoir par e-mail la newsletter avec de nouvelles offres et des conseils. Mon adresse n’est utilisée qu’à cette fin ; je peux retirer mon consentement à tout moment en un clic. Plus d’informations dans la <a href="/privacy-policy">politique de confidentialité</a>.</p>',
};

/** Application configuration entries (SPEC section 3); the demo marker is written separately, last. */
export function generateAppConfig(): NewAppConfigEntry[] {
  return [
    { name: 'creation_source', key: 'query_parameter', value: 'utm_source' },
    { name: 'creation_source', key: 'storage', value: 'session' },
    { name: 'analytics', key: 'pageview_delay_ms', value: '1000' },
    { name: 'analytics', key: 'snowplow_minimum_visit_seconds', value: '5' },
    { name: 'analytics', key: 'snowplow_heartbeat_seconds', value: '5' },
    { name: 'analytics', key: 'consent_required', value: 'true' },
    { name: 'features', key: 'job_alerts', value: 'true' },
    { name: 'features', key: 'quick_apply', value: 'true' },
    { name: 'features', key: 'bookmarks', value: 'true' },
    { name: 'features', key: 'organization_search', value: 'true' },
  ];
}

interface ProductSpec {
  name: string;
  type: ProductType;
  jobSlots: number;
  resumeContactSlots: number;
  priceCents: number;
  /** Credit packs: the credits they book; subscription plans: their duration (decision 0020). */
  jobCredits?: number;
  resumeContactCredits?: number;
  durationDays?: number | null;
}

const productCatalogue: readonly ProductSpec[] = [
  {
    name: 'Job-Paket S – 5 Stellenanzeigen',
    type: 'job_slots',
    jobSlots: 5,
    resumeContactSlots: 0,
    priceCents: 49_900,
  },
  {
    name: 'Job-Paket M – 15 Stellenanzeigen',
    type: 'job_slots',
    jobSlots: 15,
    resumeContactSlots: 0,
    priceCents: 119_900,
  },
  {
    name: 'Job-Paket L – 50 Stellenanzeigen',
    type: 'job_slots',
    jobSlots: 50,
    resumeContactSlots: 0,
    priceCents: 299_900,
  },
  { name: 'Lebenslauf-Kontakte 10', type: 'resume_contacts', jobSlots: 0, resumeContactSlots: 10, priceCents: 19_900 },
  { name: 'Lebenslauf-Kontakte 50', type: 'resume_contacts', jobSlots: 0, resumeContactSlots: 50, priceCents: 69_900 },
  { name: '10 Job-Credits', type: 'credits', jobSlots: 0, resumeContactSlots: 0, jobCredits: 10, priceCents: 9_900 },
  {
    name: '25 Lebenslauf-Kontakt-Credits',
    type: 'credits',
    jobSlots: 0,
    resumeContactSlots: 0,
    resumeContactCredits: 25,
    priceCents: 39_900,
  },
];

export function generateProducts(referenceDate: Date): NewProduct[] {
  return brandIds.flatMap((frontend) =>
    productCatalogue.map((product) => ({
      ...product,
      durationDays: product.type === 'credits' ? null : 365,
      frontend,
      currency: 'EUR',
      createdAt: new Date(referenceDate.getTime() - 500 * dayMs),
    })),
  );
}

export interface SubscriptionDraft {
  organizationIndex: number;
  /** Index into the product list of the organization's frontend (generateProducts order). */
  productName: string;
  frontend: BrandId;
  label: string;
  startDate: string;
  endDate: string | null;
  /** Whether staff cancelled it; its status follows from this and the dates. */
  cancelled: boolean;
  jobSlots: number;
  resumeContactSlots: number;
  /** Slots used so far, booked as ledger entries. */
  usedJobSlots: number;
  usedResumeContacts: number;
}

export interface CreditBalanceDraft {
  organizationIndex: number;
  frontend: BrandId;
  type: string;
  label: string;
  amount: number;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Subscriptions and credit balances for about one organization in five (at least one). */
export function generateCommerce(
  random: Random,
  referenceDate: Date,
  organizations: readonly { index: number; frontend: BrandId }[],
): { subscriptions: SubscriptionDraft[]; creditBalances: CreditBalanceDraft[] } {
  const customers = random.sample(organizations, Math.max(1, Math.round(organizations.length * 0.2)));
  const subscriptions: SubscriptionDraft[] = [];
  const creditBalances: CreditBalanceDraft[] = [];
  const reference = referenceDate.getTime();
  for (const organization of customers) {
    const count = random.weightedPick([1, 2], (n) => (n === 1 ? 3 : 1));
    for (let index = 0; index < count; index += 1) {
      const product = random.weightedPick(
        productCatalogue.filter((candidate) => candidate.type !== 'credits'),
        (candidate) => (candidate.type === 'job_slots' ? 3 : 1),
      );
      const status = random.weightedPick(['active', 'expired', 'cancelled', 'scheduled'] as const, (candidate) =>
        candidate === 'active' ? 55 : candidate === 'expired' ? 30 : candidate === 'cancelled' ? 8 : 7,
      );
      let start: number;
      let end: number;
      switch (status) {
        case 'active':
          start = reference - random.int(5, 300) * dayMs;
          end = start + 365 * dayMs;
          break;
        case 'expired':
          start = reference - random.int(400, 700) * dayMs;
          end = start + 365 * dayMs;
          break;
        case 'cancelled':
          start = reference - random.int(60, 300) * dayMs;
          end = start + random.int(30, 59) * dayMs;
          break;
        case 'scheduled':
          start = reference + random.int(1, 30) * dayMs;
          end = start + 365 * dayMs;
          break;
      }
      const used = status === 'active' ? random.int(0, product.resumeContactSlots) : product.resumeContactSlots;
      subscriptions.push({
        organizationIndex: organization.index,
        productName: product.name,
        frontend: organization.frontend,
        label: product.name,
        startDate: isoDate(start),
        endDate: isoDate(end),
        cancelled: status === 'cancelled',
        jobSlots: product.jobSlots,
        resumeContactSlots: product.resumeContactSlots,
        usedJobSlots:
          product.jobSlots -
          (status === 'active' ? random.int(0, product.jobSlots) : status === 'scheduled' ? product.jobSlots : 0),
        usedResumeContacts: status === 'scheduled' ? 0 : used,
      });
      if (status === 'active') random.int(0, 5); // the draw the former "contacts in progress" took
    }
    creditBalances.push({
      organizationIndex: organization.index,
      frontend: organization.frontend,
      type: 'job_credits',
      label: 'Job-Credits',
      amount: random.int(0, 60),
    });
    if (random.chance(0.5)) {
      creditBalances.push({
        organizationIndex: organization.index,
        frontend: organization.frontend,
        type: 'resume_contacts',
        label: 'Lebenslauf-Kontakte',
        amount: random.int(0, 25),
      });
    }
  }
  // The documented demo recruiter's organization (the first) can always publish, so the demo shows posting
  // end to end (decided after the draws above, which stay as they were).
  const demo = organizations.find((organization) => organization.index === 0);
  const demoCredits = creditBalances.find(
    (balance) => balance.organizationIndex === 0 && balance.type === 'job_credits',
  );
  if (demoCredits) demoCredits.amount = Math.max(demoCredits.amount, demoJobCredits);
  else if (demo) {
    creditBalances.push({
      organizationIndex: 0,
      frontend: demo.frontend,
      type: 'job_credits',
      label: 'Job-Credits',
      amount: demoJobCredits,
    });
  }
  return { subscriptions, creditBalances };
}

/** Job credits the demo recruiter's organization has at least. */
export const demoJobCredits = 50;
