/**
 * The organization search (issue 15) through the API on both databases: full text over name, alternative
 * name and presentation; the three facets multi-select (OR within, AND across) with counts as in the job
 * search; the place (address or further location) with the organizations' default radius of 25 km; only
 * the brand's published organizations; 12 per page. The page itself on PostgreSQL: a plain GET form, the
 * teasers, and the SEO verdict (at most 3 clean facets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  organizationFieldsOfStudy,
  organizationIndustries,
  organizationLocations,
  organizationOccupations,
} from '../../src/server/db/schema/organizations';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import type { Database } from '../../src/server/db';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/db/testing';
import { searchOrganizations } from '../../src/features/organizations/operations';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createJob, createOrganization } from '../support/factories';
import { reservePort, startServer, type RunningServer } from '../support/server';

const tuebingen = { lat: 48.52266, lon: 9.05222 };
const stuttgart = { latitude: 48.7758, longitude: 9.1829 };

/** Three industries, two occupational fields, one field of study; organizations across them. */
async function seedOrganizations(db: Database) {
  const terms = await db
    .insert(taxonomyTerms)
    .values([
      { vocabulary: 'industry', slug: 'it', labelDe: 'IT' },
      { vocabulary: 'industry', slug: 'health', labelDe: 'Gesundheit' },
      { vocabulary: 'industry', slug: 'trade', labelDe: 'Handel' },
      { vocabulary: 'occupational_field', slug: 'nursing', labelDe: 'Pflege' },
      { vocabulary: 'occupational_field', slug: 'software', labelDe: 'Softwareentwicklung' },
      { vocabulary: 'field_of_study', slug: 'informatics', labelDe: 'Informatik' },
    ])
    .returning();
  const id = (slug: string) => terms.find((term) => term.slug === slug)!.id;
  const [it, health, trade, nursing, software, informatics] = [
    'it',
    'health',
    'trade',
    'nursing',
    'software',
    'informatics',
  ].map(id) as [number, number, number, number, number, number];
  const near = { locality: 'Tübingen', latitude: 48.52, longitude: 9.06, published: true };
  const rakete = await createOrganization(db, {
    ...near,
    name: 'Raketenbau Schwaben GmbH',
    alternativeName: 'RSG',
    presentation: '<p>Wir bauen Satelliten für die Forschung.</p>',
  });
  const klinik = await createOrganization(db, { ...near, name: 'Kreisklinik Tübingen' });
  const laden = await createOrganization(db, { ...near, name: 'Dorfladen Eintracht' });
  // 55 km away, with a further location in Tübingen.
  const branch = await createOrganization(db, {
    ...stuttgart,
    locality: 'Stuttgart',
    name: 'Zweigwerk AG',
    published: true,
  });
  await db
    .insert(organizationLocations)
    .values({ organizationId: branch.id, locality: 'Tübingen', latitude: 48.53, longitude: 9.05 });
  const far = await createOrganization(db, {
    ...stuttgart,
    locality: 'Stuttgart',
    name: 'Fernbau GmbH',
    published: true,
  });
  await createOrganization(db, { ...near, name: 'Verborgen GmbH', published: false });
  await createOrganization(db, { ...near, name: 'Andere Marke GmbH', frontend: 'jobregio' });
  const link = (
    table: typeof organizationIndustries | typeof organizationOccupations | typeof organizationFieldsOfStudy,
    rows: [{ id: number }, number][],
  ) => db.insert(table).values(rows.map(([organization, termId]) => ({ organizationId: organization.id, termId })));
  await link(organizationIndustries, [
    [rakete, it],
    [klinik, health],
    [laden, trade],
    [branch, it],
    [far, it],
  ]);
  await link(organizationOccupations, [
    [rakete, software],
    [klinik, nursing],
    [klinik, software],
    [branch, software],
  ]);
  await link(organizationFieldsOfStudy, [
    [rakete, informatics],
    [branch, informatics],
  ]);
  await createJob(db, { organization: rakete, title: 'Ingenieur (m/w/d)' });
  await createJob(db, { organization: rakete, title: 'Technikerin (m/w/d)' });
  return { terms: { it, health, trade, nursing, software, informatics }, rakete, klinik, laden, branch, far };
}

describe.each(testDialects)('organization search on %s', (dialect) => {
  let backend: TestBackend;
  let seeded: Awaited<ReturnType<typeof seedOrganizations>>;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    seeded = await seedOrganizations(backend.handle.db);
  });
  afterAll(() => backend?.dispose());

  const search = async (input: Record<string, unknown>) => {
    const { body } = await backend.request(searchOrganizations, { input });
    expect(body.errors).toBeUndefined();
    return body.data!.searchOrganizations;
  };
  const names = (result: Awaited<ReturnType<typeof search>>) => result.items.map((hit) => hit.organization.name);
  const counts = (result: Awaited<ReturnType<typeof search>>, field: string) =>
    Object.fromEntries(
      result.facets.find((facet) => facet.field === field)!.values.map((value) => [value.label, value.count]),
    );

  it('lists every published organization of the brand, 12 per page, with logo, place, industry and open jobs', async () => {
    const result = await search({});
    expect(result.pageSize).toBe(12);
    expect(result.total).toBe(5);
    expect(names(result)).not.toContain('Verborgen GmbH');
    expect(names(result)).not.toContain('Andere Marke GmbH');
    const rakete = result.items.find((hit) => hit.organization.id === seeded.rakete.id)!;
    expect(rakete.organization).toMatchObject({
      openJobCount: 2,
      address: { locality: 'Tübingen' },
      industry: [{ label: 'IT' }],
    });
  });

  it('finds by name, alternative name and presentation (stemmed, compounds by prefix)', async () => {
    expect(names(await search({ search: 'Raketenbau' }))).toEqual(['Raketenbau Schwaben GmbH']);
    expect(names(await search({ search: 'RSG' }))).toEqual(['Raketenbau Schwaben GmbH']);
    expect(names(await search({ search: 'Satellit' }))).toEqual(['Raketenbau Schwaben GmbH']);
    expect(names(await search({ search: 'klinik' }))).toEqual(['Kreisklinik Tübingen']);
    expect((await search({ search: 'Bäckerei' })).total).toBe(0);
  });

  it('ORs values within a facet, ANDs facets, and counts each facet without its own selection', async () => {
    const { it: itId, health, informatics } = seeded.terms;
    const either = await search({ facets: [{ field: 'industry', values: [String(itId), String(health)] }] });
    expect(either.total).toBe(4);
    const both = await search({
      facets: [
        { field: 'industry', values: [String(itId), String(health)] },
        { field: 'fieldsOfStudy', values: [String(informatics)] },
      ],
    });
    expect(names(both).sort()).toEqual(['Raketenbau Schwaben GmbH', 'Zweigwerk AG']);
    // Industry is counted with the field of study applied but not its own selection.
    expect(counts(both, 'industry')).toEqual({ IT: 2 });
    // The field of study is counted with the industries applied: Fernbau (IT) has none.
    expect(counts(both, 'fieldsOfStudy')).toEqual({ Informatik: 2 });
    expect(counts(either, 'industry')).toEqual({ IT: 3, Gesundheit: 1, Handel: 1 });
    expect(counts(both, 'occupations')).toEqual({ Softwareentwicklung: 2 });
  });

  it('searches 25 km around a place by default, through the address or any further location', async () => {
    const around = await search({ location: { ...tuebingen, label: 'Tübingen' } });
    expect(names(around).sort()).toEqual([
      'Dorfladen Eintracht',
      'Kreisklinik Tübingen',
      'Raketenbau Schwaben GmbH',
      'Zweigwerk AG',
    ]);
    const branch = around.items.find((hit) => hit.organization.name === 'Zweigwerk AG')!;
    expect(branch.distanceKm).toBeLessThan(2);
    expect((await search({ location: { ...tuebingen, radius: 100 } })).total).toBe(5);
  });

  it('refuses a radius the brand does not offer and more than 50 per page, by name', async () => {
    const { body } = await backend.request(searchOrganizations, { input: { location: { ...tuebingen, radius: 7 } } });
    expect(body.errors?.[0]?.message).toContain('location.radius must be one of');
    const pages = await backend.request(searchOrganizations, { input: { pageSize: 500 } });
    expect(pages.body.errors?.[0]?.message).toContain('pageSize must be between 1 and 50');
  });
});

describe('organization search page on postgres', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let seeded: Awaited<ReturnType<typeof seedOrganizations>>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    seeded = await seedOrganizations(database.handle.db);
    const port = await reservePort();
    server = await startServer({
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      FRONTEND: 'tagblatt',
      DATABASE_URL: database.databaseUrl!,
      AUTH_SECRET: 'organization-search-secret-0123456789abcdef',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('answers a GET form, facet checkboxes and the teasers', async () => {
    const response = await fetch(`${server.url}/organizations?industry=${seeded.terms.it}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<form[^>]*action="\/organizations"[^>]*method="get"/);
    const industryInputs = (html.match(/<input[^>]*>/g) ?? []).filter((input) => input.includes('name="industry"'));
    expect(industryInputs.length).toBeGreaterThan(0);
    expect(industryInputs.filter((input) => input.includes('checked'))).toEqual([
      expect.stringContaining(`value="${seeded.terms.it}"`),
    ]);
    expect(html).toContain('name="fieldsOfStudy"');
    expect(html).toContain('Raketenbau Schwaben GmbH');
    expect(html).toContain('href="/organization/');
    expect(html).not.toContain('Kreisklinik Tübingen');
    expect(html).not.toContain('name="sort"');
    expect(html).not.toContain('noindex');
  });

  it('indexes up to 3 clean facets, not beyond, not empty results, not free text', async () => {
    const { it: itId, software, informatics, health } = seeded.terms;
    const robots = async (query: string) => {
      const html = await (await fetch(`${server.url}/organizations?${query}`)).text();
      return html.includes('noindex');
    };
    expect(await robots(`industry=${itId}&occupations=${software}&fieldsOfStudy=${informatics}`)).toBe(false);
    expect(
      await robots(`location=T%C3%BCbingen&industry=${itId}&occupations=${software}&fieldsOfStudy=${informatics}`),
    ).toBe(true);
    expect(await robots(`industry=${itId}&industry=${health}`)).toBe(true);
    expect(await robots('search=Raketenbau')).toBe(true);
    expect(await robots('search=Nirgendwo')).toBe(true);
  });

  it('brings a plain GET form submission to its canonical address', async () => {
    const response = await fetch(
      `${server.url}/organizations?search=&location=&radius=25&industry=${seeded.terms.it}`,
      {
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/organizations?industry=${seeded.terms.it}`);
  });
});
