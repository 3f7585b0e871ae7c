import { describe, expect, it } from 'vitest';
import { jobCategories } from '../../lib/job-categories.ts';
import { jobFields, titleEmployers } from './catalog/job-fields.ts';
import { organizationTypes } from './catalog/organization-types.ts';
import { findCity, loadGazetteer } from './gazetteer.ts';
import { demoJobCredits, generateCommerce, generateLandingPages } from './generate-content.ts';
import { createJobGenerator } from './generate-jobs.ts';
import { cityAdjective, generateOrganizations } from './generate-organizations.ts';
import { generateTaxonomyTerms } from './generate-taxonomies.ts';
import { createRandom } from './random.ts';
import { slugifyGerman } from './slug.ts';

const referenceDate = new Date('2026-03-01T10:00:00Z');
const gazetteer = loadGazetteer();

function generate(seed: number, organizations = 60) {
  const drafts = generateOrganizations({ seed, count: organizations, referenceDate, gazetteer });
  const job = createJobGenerator({ seed, referenceDate, gazetteer, organizations: drafts });
  return { organizations: drafts, job };
}

describe('gazetteer', () => {
  it('holds the German towns of at least 5,000 inhabitants with their state', () => {
    const germans = gazetteer.cities.filter((city) => city.countryCode === 'DE');
    expect(germans.length).toBeGreaterThan(2500);
    expect(germans.every((city) => city.population >= 5000)).toBe(true);
    expect(new Set(germans.map((city) => city.state)).size).toBe(16);
    expect(findCity(gazetteer, 'München')).toMatchObject({ state: 'Bayern', postalCode: '80331' });
    expect(findCity(gazetteer, 'Tübingen')).toMatchObject({
      state: 'Baden-Württemberg',
      regionSlug: 'baden-wuerttemberg',
    });
    // City districts (Kreuzberg, Altona) are parts of a city, not towns of their own.
    expect(findCity(gazetteer, 'Kreuzberg')).toBeUndefined();
  });

  it('adds Alsace and the Basel area for the cross-border brand', () => {
    for (const name of ['Strasbourg', 'Colmar', 'Mulhouse']) {
      expect(findCity(gazetteer, name)).toMatchObject({ countryCode: 'FR', state: 'Elsass', regionSlug: 'elsass' });
    }
    expect(findCity(gazetteer, 'Basel')).toMatchObject({
      countryCode: 'CH',
      state: 'Basel-Stadt',
      regionSlug: 'basel',
    });
    expect(gazetteer.cities.some((city) => city.countryCode === 'FR' && city.name === 'Paris')).toBe(false);
  });

  it('is built once and then served from memory', () => {
    expect(loadGazetteer()).toBe(gazetteer);
  });
});

describe('slugifyGerman', () => {
  it('transliterates umlauts and ß', () => {
    expect(slugifyGerman('Küchenhilfe (m/w/d) Größe Übung Ärger Straße')).toBe(
      'kuechenhilfe-groesse-uebung-aerger-strasse',
    );
    expect(slugifyGerman('Müller & Söhne GmbH')).toBe('mueller-und-soehne-gmbh');
  });
});

describe('content definitions', () => {
  it('has at least 20 German title patterns for each of the 11 occupational fields', () => {
    expect(jobFields.map((field) => field.slug).sort()).toEqual(jobCategories.map((category) => category.slug).sort());
    for (const field of jobFields) {
      expect(field.titles.length, field.slug).toBeGreaterThanOrEqual(20);
      expect(field.titlesEn.length, field.slug).toBeGreaterThan(0);
      expect(field.titlesFr.length, field.slug).toBeGreaterThan(0);
    }
  });

  it('names only existing titles and employer kinds in the title restrictions', () => {
    const patterns = new Set(
      jobFields.flatMap((field) => [...field.titles, ...field.titlesEn, ...field.titlesFr]).map(([title]) => title),
    );
    const kinds = new Set(organizationTypes.map((type) => type.key));
    for (const [title, employers] of Object.entries(titleEmployers)) {
      expect(patterns.has(title), title).toBe(true);
      for (const employer of employers) expect(kinds.has(employer), `${title}: ${employer}`).toBe(true);
    }
  });

  it('defines every vocabulary with unique slugs and labels in three languages', () => {
    const terms = generateTaxonomyTerms();
    const vocabularies = new Set(terms.map((term) => term.vocabulary));
    expect(vocabularies.size).toBe(12);
    const keys = terms.map((term) => `${term.vocabulary}:${term.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(terms.filter((term) => term.vocabulary === 'skill' && term.parentSlug).length).toBeGreaterThanOrEqual(150);
    expect(terms.filter((term) => term.vocabulary === 'industry').length).toBeGreaterThanOrEqual(25);
    expect(terms.filter((term) => term.vocabulary === 'benefit').length).toBeGreaterThanOrEqual(25);
    expect(terms.filter((term) => term.vocabulary === 'region').length).toBe(18);
    expect(terms.every((term) => term.label.de && term.label.en && term.label.fr)).toBe(true);
  });

  it('derives German city adjectives only where they are certain', () => {
    expect(cityAdjective('Tübingen')).toBe('Tübinger');
    expect(cityAdjective('München')).toBe('Münchner');
    expect(cityAdjective('Bad Homburg vor der Höhe')).toBeUndefined();
  });

  it('creates landing pages for every category and about twenty city and category pages', () => {
    const pages = generateLandingPages(gazetteer);
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
    for (const category of jobCategories)
      expect(pages.some((page) => page.path === `/${category.slug}-jobs`)).toBe(true);
    expect(pages.filter((page) => page.locality).length).toBeGreaterThanOrEqual(20);
    // /jobs/<slug> is the listing itself, so no landing page may live below /jobs/.
    expect(pages.every((page) => !page.path.startsWith('/jobs/'))).toBe(true);
  });
});

describe('generators', () => {
  it('produce identical organizations and jobs for the same seed', () => {
    const first = generate(42);
    const second = generate(42);
    expect(second.organizations).toEqual(first.organizations);
    for (let index = 0; index < 50; index += 1) expect(second.job(index)).toEqual(first.job(index));
  });

  it('produce different data for another seed', () => {
    const a = generate(42);
    const b = generate(43);
    expect(b.organizations.map((organization) => organization.name)).not.toEqual(
      a.organizations.map((organization) => organization.name),
    );
    expect(b.job(20).title === a.job(20).title && b.job(21).title === a.job(21).title).toBe(false);
  });

  it('generate job n the same whatever the order of generation (batches are independent)', () => {
    const { job } = generate(7);
    const forward = [job(100), job(101), job(102)];
    const { job: again } = generate(7);
    const backward = [again(102), again(101), again(100)].reverse();
    expect(backward).toEqual(forward);
  });

  it('give organizations unique names, paths and e-mail addresses', () => {
    const { organizations } = generate(42, 400);
    expect(new Set(organizations.map((organization) => organization.name)).size).toBe(400);
    expect(new Set(organizations.map((organization) => organization.slug)).size).toBe(400);
    const emails = organizations.flatMap((organization) =>
      [organization.owner.email, organization.colleague?.email ?? []].flat(),
    );
    expect(new Set(emails).size).toBe(emails.length);
    expect(organizations[0]?.owner.email).toBe('recruiter@demo.example');
    const withPage = organizations.filter((organization) => organization.page);
    expect(withPage.length).toBeGreaterThan(30);
    expect(organizations.filter((organization) => organization.featured).length).toBeGreaterThan(5);
    expect(organizations.every((organization) => organization.website.endsWith('.example'))).toBe(true);
  });

  it("give the demo recruiter's organization job credits to publish with, whatever the seed", () => {
    for (const seed of [1, 2, 42]) {
      const organizations = Array.from({ length: 40 }, (_, index) => ({ index, frontend: 'tagblatt' as const }));
      const { creditBalances } = generateCommerce(createRandom(seed), new Date('2026-03-01'), organizations);
      const demo = creditBalances.find((balance) => balance.organizationIndex === 0 && balance.type === 'job_credits');
      expect(demo?.amount).toBeGreaterThanOrEqual(demoJobCredits);
    }
  });

  it('mix languages, states and salaries in realistic shares', () => {
    const { job } = generate(42, 300);
    const jobs = Array.from({ length: 3000 }, (_, index) => job(index));
    const share = (predicate: (draft: (typeof jobs)[number]) => boolean) => jobs.filter(predicate).length / jobs.length;
    expect(share((draft) => draft.language === 'en')).toBeGreaterThan(0.05);
    expect(share((draft) => draft.language === 'en')).toBeLessThan(0.12);
    expect(share((draft) => draft.language === 'fr')).toBeGreaterThan(0.005);
    expect(share((draft) => draft.language === 'fr')).toBeLessThan(0.04);
    expect(share((draft) => draft.salary !== null)).toBeGreaterThan(0.6);
    expect(share((draft) => draft.salary !== null)).toBeLessThan(0.8);
    expect(share((draft) => draft.state === 'needs_review')).toBeGreaterThan(0.01);
    expect(share((draft) => draft.state === 'archived')).toBeGreaterThan(0.005);
    expect(share((draft) => draft.state === 'scheduled')).toBeGreaterThan(0.002);
    expect(share((draft) => draft.isTop)).toBeGreaterThan(0.07);
    expect(new Set(jobs.map((draft) => draft.fieldSlug)).size).toBe(11);
    for (const draft of jobs) {
      expect(draft.title).toMatch(/\((m\/w\/d|w\/m\/d|m\/w\/x|gn\*|m\/f\/d|all genders|H\/F|F\/H)\)/);
      if (draft.salary) {
        expect(draft.salary.min).toBeLessThanOrEqual(draft.salary.max);
        expect(draft.salary.currencyCode).toBe('EUR');
      }
      if (draft.employmentSlugs.includes('minijob')) expect(draft.salary?.unit ?? 'hour').toBe('hour');
      if (draft.frontend === 'jobregio') expect(draft.jobType).not.toBe('job_per_file');
      expect(draft.locations.length).toBeGreaterThanOrEqual(1);
      expect(draft.locations.length).toBeLessThanOrEqual(3);
      expect(draft.description).toContain('<h2>');
    }
  });
});
