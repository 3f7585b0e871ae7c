import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { jobEmploymentTypes } from '../../src/server/db/schema/jobs';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import { testDialects } from '../../src/server/db/testing';
import { setDefaultSearchEngine } from '../../src/server/search';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createJob, createOrganization, type JobOptions } from '../support/factories';

const day = 24 * 60 * 60 * 1000;
const now = Date.now();
const tuebingen = { lat: 48.5216, lon: 9.0576 };
const hamburg = { lat: 53.5511, lon: 9.9937 };

interface Hit {
  distanceKm: number | null;
  job: {
    id: number;
    title: string;
    publishedAt: string;
    language: string;
    locations: { latitude: number; longitude: number; address: { administrativeArea: string | null } }[];
    salary: { minYearly: number | null; maxYearly: number | null } | null;
    occupationalFields: { tid: number }[];
  };
}

interface FacetValue {
  value: string;
  label: string;
  count: number;
}

interface SearchResult {
  total: number;
  page: number;
  pageSize: number;
  items: Hit[];
  facets: { field: string; values: FacetValue[] }[];
}

const searchQuery = `query search($input: JobSearchInput!) {
  searchJobs(input: $input) {
    total page pageSize
    items {
      distanceKm
      job {
        id title publishedAt language
        locations { latitude longitude address { administrativeArea } }
        salary { minYearly maxYearly }
        occupationalFields { tid }
      }
    }
    facets { field values { value label count } }
  }
}`;

/** Great-circle distance in km (mean earth radius, as the search reports it). */
function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const nearestKm = (hit: Hit, point: { lat: number; lon: number }) =>
  Math.min(
    ...hit.job.locations.map((location) => distanceKm(point, { lat: location.latitude, lon: location.longitude })),
  );

interface Fixture {
  ids: Record<
    | 'pflegefachkraft'
    | 'altenpflegerin'
    | 'krankenpfleger'
    | 'nurse'
    | 'twoPlaces'
    | 'percent'
    | 'expired'
    | 'otherBrand'
    | 'inReview',
    number
  >;
}

/** Hand-made jobs for exact assertions, next to the seeded ones. */
async function insertFixture(db: Database): Promise<Fixture> {
  const organization = await createOrganization(db, { name: 'Suchtest Klinikum gGmbH', published: true });
  const [fullTime] = await db
    .select()
    .from(taxonomyTerms)
    .where(and(eq(taxonomyTerms.vocabulary, 'employment_type'), eq(taxonomyTerms.slug, 'vollzeit')));
  if (!fullTime) throw new Error('seeded employment type missing');

  const insert = async (
    overrides: Omit<JobOptions, 'organization'>,
    places: { lat: number; lon: number; area?: string }[],
  ) => {
    const job = await createJob(db, {
      organization,
      title: 'Job',
      publishedAt: new Date(now - 2 * day),
      description: '<p>Wir freuen uns auf Ihre Bewerbung.</p>',
      locations: places.map((place) => ({
        latitude: place.lat,
        longitude: place.lon,
        countryCode: 'DE',
        administrativeArea: place.area ?? 'Baden-Württemberg',
      })),
      ...overrides,
    });
    await db.insert(jobEmploymentTypes).values({ jobId: job.id, termId: fullTime.id });
    return job.id;
  };

  return {
    ids: {
      pflegefachkraft: await insert({ title: 'Pflegefachkraft (m/w/d) Intensivstation' }, [tuebingen]),
      altenpflegerin: await insert({ title: 'Altenpflegerin (w/m/d) im Nachtdienst' }, [tuebingen]),
      krankenpfleger: await insert({ title: 'Krankenpfleger (m/w/d) Notaufnahme' }, [tuebingen]),
      nurse: await insert(
        {
          title: 'Registered Nurse (m/f/d)',
          description: '<p>We are looking for experienced nurses who love caring for patients.</p>',
          language: 'en',
          searchConfig: 'english',
        },
        [tuebingen],
      ),
      twoPlaces: await insert({ title: 'Zweistandort Logistiker (m/w/d)' }, [
        { ...hamburg, area: 'Hamburg' },
        { lat: tuebingen.lat + 0.01, lon: tuebingen.lon },
      ]),
      percent: await insert({ title: 'Vertrieb 100% Provision (m/w/d)' }, [tuebingen]),
      expired: await insert(
        {
          title: 'Pflegehelfer (m/w/d) abgelaufen',
          expiresAt: new Date(now - day),
          publishedAt: new Date(now - 40 * day),
        },
        [tuebingen],
      ),
      otherBrand: await insert({ title: 'Pflegeassistent (m/w/d) Südjobs', frontend: 'suedjobs' }, [tuebingen]),
      inReview: await insert({ title: 'Pflegedienstleitung (m/w/d) in Prüfung', state: 'needs_review' }, [tuebingen]),
    },
  };
}

// Every rule holds for both engines: the in-memory index (decision 0008) and the statement the search
// falls back to while the index is rebuilt.
const engines = ['index', 'database'] as const;
const cases = testDialects.flatMap((dialect) => engines.map((engine) => [dialect, engine] as const));

describe.each(cases)('job search on %s, engine %s', (dialect, engine) => {
  let backend: TestBackend;
  let fixture: Fixture;
  const statements: string[] = [];

  beforeAll(async () => {
    setDefaultSearchEngine(engine);
    backend = await createTestBackend(dialect, { onQuery: (sql) => statements.push(sql) });
    await seedDatabase(backend.handle.db, { jobs: 400, organizations: 40, seed: 7 });
    fixture = await insertFixture(backend.handle.db);
  }, 120_000);
  afterAll(async () => {
    setDefaultSearchEngine('auto');
    await backend?.dispose();
  });

  const post = (input: Record<string, unknown>, headers?: Record<string, string>) =>
    backend.post<{ searchJobs: SearchResult }>({ query: searchQuery, variables: { input } }, { headers });

  const search = async (input: Record<string, unknown>, headers?: Record<string, string>): Promise<SearchResult> => {
    const { body } = await post(input, headers);
    expect(body.errors).toBeUndefined();
    const result = body.data?.searchJobs;
    if (!result) throw new Error('no search result');
    return result;
  };

  const ids = (result: SearchResult) => result.items.map((hit) => hit.job.id);
  const facet = (result: SearchResult, field: string) =>
    result.facets.find((entry) => entry.field === field)?.values ?? [];
  const facetInput = (selection: Record<string, string[]>) =>
    Object.entries(selection).map(([field, values]) => ({ field, values }));

  describe('full text', () => {
    it('finds compounds and prefixes: "Pflege" finds Pflegefachkraft, Altenpflegerin and Krankenpfleger', async () => {
      const result = await search({ search: 'Pflege', pageSize: 50 });
      const found = ids(result);
      for (const id of [fixture.ids.pflegefachkraft, fixture.ids.altenpflegerin, fixture.ids.krankenpfleger]) {
        expect(found).toContain(id);
      }
      // Title hits rank above jobs that mention care only in their description.
      expect(result.items[0]?.job.title.toLowerCase()).toContain('pflege');
    });

    it('"Kranken" finds Krankenpfleger', async () => {
      expect(ids(await search({ search: 'Kranken', pageSize: 50 }))).toContain(fixture.ids.krankenpfleger);
    });

    it('leaves out expired, unpublished and other brands’ jobs, and shows those of the requested brand', async () => {
      const found = ids(await search({ search: 'Pflege', pageSize: 50 }));
      for (const id of [fixture.ids.expired, fixture.ids.otherBrand, fixture.ids.inReview])
        expect(found).not.toContain(id);
      const southern = ids(await search({ search: 'Pflegeassistent' }, { frontend: 'suedjobs;de' }));
      expect(southern).toContain(fixture.ids.otherBrand);
    });

    it('matches English jobs with English stemming: "nursing" finds "experienced nurses"', async () => {
      const result = await search({ search: 'nursing' });
      expect(ids(result)).toContain(fixture.ids.nurse);
      expect(result.items.find((hit) => hit.job.id === fixture.ids.nurse)?.job.language).toBe('en');
    });

    it('excludes words with a minus and ignores stop words', async () => {
      const without = ids(await search({ search: 'Pflege -Notaufnahme', pageSize: 50 }));
      expect(without).toContain(fixture.ids.pflegefachkraft);
      expect(without).not.toContain(fixture.ids.krankenpfleger);
      expect(ids(await search({ search: 'Pflege in der Notaufnahme' }))).toContain(fixture.ids.krankenpfleger);
    });

    it('filters by title with LIKE, escaping % and _', async () => {
      const result = await search({ title: 'PFLEGE', pageSize: 50 });
      expect(result.total).toBeGreaterThan(0);
      expect(result.items.every((hit) => hit.job.title.toLowerCase().includes('pflege'))).toBe(true);
      expect(ids(await search({ title: '0% Prov' }))).toEqual([fixture.ids.percent]);
      expect((await search({ title: '100_' })).total).toBe(0);
      expect((await search({ title: '%' })).items.map((hit) => hit.job.title)).toEqual([
        'Vertrieb 100% Provision (m/w/d)',
      ]);
    });
  });

  describe('facets', () => {
    it('returns the six facets with labels, most frequent first, at most 100 values, none empty', async () => {
      const result = await search({});
      expect(result.facets.map((entry) => entry.field)).toEqual([
        'remoteOptions',
        'employmentType',
        'industry',
        'occupations',
        'yearsOfExperience',
        'company',
      ]);
      for (const { values } of result.facets) {
        expect(values.length).toBeGreaterThan(0);
        expect(values.length).toBeLessThanOrEqual(100);
        expect(values.every((value) => value.count >= 1 && value.label !== '')).toBe(true);
        const counts = values.map((value) => value.count);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
      }
      expect(facet(result, 'company').map((value) => value.label)).toContain('Suchtest Klinikum gGmbH');
      expect(facet(result, 'employmentType').map((value) => value.label)).toContain('Vollzeit');
    });

    it('labels values in the request language', async () => {
      const english = await search({}, { frontend: 'jobregio;en-GB' });
      expect(facet(english, 'employmentType').map((value) => value.label)).toContain('Full-time');
    });

    it('ORs values within a facet and ANDs facets', async () => {
      const all = await search({});
      const [first, second] = facet(all, 'employmentType');
      if (!first || !second) throw new Error('too few employment types');
      const one = await search({ facets: facetInput({ employmentType: [first.value] }) });
      const both = await search({ facets: facetInput({ employmentType: [first.value, second.value] }) });
      expect(one.total).toBe(first.count);
      expect(both.total).toBeGreaterThan(one.total);
      expect(both.total).toBeLessThanOrEqual(first.count + second.count);
      const [remote] = facet(one, 'remoteOptions');
      if (!remote) throw new Error('no remote option');
      const narrowed = await search({
        facets: facetInput({ employmentType: [first.value], remoteOptions: [remote.value] }),
      });
      expect(narrowed.total).toBeLessThan(one.total);
      expect(narrowed.total).toBe(remote.count);
    });

    it('counts each value as the number of jobs selecting it gives, with the other selections applied', async () => {
      const base = { search: 'm/w/d' };
      const [remote] = facet(await search(base), 'remoteOptions');
      if (!remote) throw new Error('no remote option');
      for (const selection of [{}, { remoteOptions: [remote.value] }] as Record<string, string[]>[]) {
        const result = await search({ ...base, facets: facetInput(selection) });
        for (const { field, values } of result.facets) {
          expect(values.length, field).toBeGreaterThan(0);
          for (const value of values.slice(0, 3)) {
            // Another facet's value is added to the selection; a value of the selected facet replaces it.
            const check = await search({ ...base, facets: facetInput({ ...selection, [field]: [value.value] }) });
            expect(check.total, `${field}=${value.label} with ${JSON.stringify(selection)}`).toBe(value.count);
          }
        }
      }
    });

    it('ignores a facet’s own selection in its counts, so that selecting a value never hides its siblings', async () => {
      const all = await search({});
      const remote = facet(all, 'remoteOptions');
      expect(remote.length).toBeGreaterThan(1);
      const selected = await search({ facets: facetInput({ remoteOptions: [remote[0]!.value] }) });
      expect(facet(selected, 'remoteOptions')).toEqual(remote);
      expect(selected.total).toBe(remote[0]!.count);
      // The other facets do follow the selection.
      const employment = facet(selected, 'employmentType');
      expect(employment.reduce((sum, value) => sum + value.count, 0)).toBeLessThan(
        facet(all, 'employmentType').reduce((sum, value) => sum + value.count, 0),
      );
    });

    it('filters by category (occupational field slug) like an occupations selection', async () => {
      const all = await search({});
      const [field] = facet(all, 'occupations');
      if (!field) throw new Error('no occupational field');
      const [term] = await backend.handle.db
        .select({ slug: taxonomyTerms.slug })
        .from(taxonomyTerms)
        .where(eq(taxonomyTerms.id, Number(field.value)));
      const byCategory = await search({ category: term?.slug, pageSize: 50 });
      expect(byCategory.total).toBe(field.count);
      expect(
        byCategory.items.every((hit) => hit.job.occupationalFields.some((f) => f.tid === Number(field.value))),
      ).toBe(true);
      expect((await search({ category: 'no-such-field' })).total).toBe(0);
    });
  });

  describe('location', () => {
    it('keeps every result within the radius and reports the distance to the nearest location', async () => {
      // Few locations around the point (read from them first), many with a text (the text first) and many
      // without one (all open jobs against the locations): the three ways a radius is searched.
      const cases: { lat: number; lon: number; radius: number; search?: string }[] = [
        { ...tuebingen, radius: 5 },
        { ...tuebingen, radius: 200, search: 'm/w/d' },
        { ...tuebingen, radius: 200 },
        { ...tuebingen, radius: 25 },
      ];
      for (const { search: text, ...location } of cases) {
        const result = await search({ search: text, location, pageSize: 50 });
        expect(result.total).toBeGreaterThan(0);
        for (const hit of result.items) {
          expect(hit.distanceKm).not.toBeNull();
          expect(hit.distanceKm!).toBeLessThanOrEqual(location.radius);
          expect(hit.distanceKm!).toBeCloseTo(nearestKm(hit, tuebingen), 1);
        }
        // The same search without the place, paged through and filtered here, gives the same jobs.
        const inside: number[] = [];
        for (let page = 1; ; page++) {
          const everywhere = await search({ search: text, pageSize: 50, page });
          inside.push(
            ...everywhere.items.filter((hit) => nearestKm(hit, tuebingen) <= location.radius).map((hit) => hit.job.id),
          );
          if (page * 50 >= everywhere.total) break;
        }
        expect(result.total).toBe(inside.length);
      }
      const narrow = await search({ location: { ...tuebingen, radius: 25 } });
      const wide = await search({ location: { ...tuebingen, radius: 100 } });
      expect(wide.total).toBeGreaterThan(narrow.total);
    });

    it('finds a job with one far and one near location, at the near distance', async () => {
      const result = await search({ search: 'Zweistandort', location: { ...tuebingen, radius: 5 } });
      expect(ids(result)).toEqual([fixture.ids.twoPlaces]);
      expect(result.items[0]?.distanceKm).toBeCloseTo(
        distanceKm(tuebingen, { lat: tuebingen.lat + 0.01, lon: tuebingen.lon }),
        2,
      );
      const fromHamburg = await search({ search: 'Zweistandort', location: { ...hamburg, radius: 5 } });
      expect(fromHamburg.items[0]?.distanceKm).toBeLessThan(0.1);
    });

    it('uses the brand’s default radius (100 km, 25 km on jobregio)', async () => {
      const byDefault = await search({ location: tuebingen });
      expect(byDefault.total).toBe((await search({ location: { ...tuebingen, radius: 100 } })).total);
      const regional = await search({ location: tuebingen }, { frontend: 'jobregio;de' });
      expect(regional.total).toBe(
        (await search({ location: { ...tuebingen, radius: 25 } }, { frontend: 'jobregio;de' })).total,
      );
    });

    it('filters an administrative area by its jobs’ locations, ignoring the radius', async () => {
      const result = await search({
        location: { lat: 48.9, lon: 11.4, radius: 5, label: 'Bayern', locationType: 'administrative_area' },
        pageSize: 50,
      });
      expect(result.total).toBeGreaterThan(0);
      for (const hit of result.items) {
        expect(hit.job.locations.some((location) => location.address.administrativeArea === 'Bayern')).toBe(true);
        expect(hit.distanceKm).toBeNull();
      }
      const country = await search({
        location: { lat: 51.16, lon: 10.45, label: 'Deutschland', locationType: 'country' },
      });
      expect(country.total).toBeGreaterThan(result.total);
    });
  });

  describe('salary, sorting and paging', () => {
    it('keeps jobs paying at least the minimum yearly salary', async () => {
      const all = await search({});
      const result = await search({ minYearlySalary: 60000, pageSize: 50 });
      expect(result.total).toBeGreaterThan(0);
      expect(result.total).toBeLessThan(all.total);
      for (const hit of result.items) {
        const salary = hit.job.salary;
        expect(salary?.maxYearly ?? salary?.minYearly ?? 0).toBeGreaterThanOrEqual(60000);
      }
    });

    it('sorts by publishing date, newest first, with and without a search term', async () => {
      for (const input of [{ sort: 'publish_date_desc' }, { sort: 'publish_date_desc', search: 'Pflege' }, {}]) {
        const result = await search({ ...input, pageSize: 30 });
        const dates = result.items.map((hit) => Date.parse(hit.job.publishedAt));
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
      }
    });

    it('pages: page 2 starts at item 11 and the total stays', async () => {
      for (const input of [{}, { search: 'Pflege' }, { location: { ...tuebingen, radius: 50 } }]) {
        const first = await search({ ...input, pageSize: 20 });
        const second = await search({ ...input, page: 2 });
        expect(second.page).toBe(2);
        expect(second.pageSize).toBe(10);
        expect(second.total).toBe(first.total);
        expect(ids(second)).toEqual(ids(first).slice(10, 20));
      }
      const beyond = await search({ page: 1000 });
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBeGreaterThan(0);
    });

    it('loads a page of hits with their jobs in a constant number of statements', async () => {
      const query = `query search($input: JobSearchInput!) { searchJobs(input: $input) { total items {
        distanceKm job { id title organization { name } locations { latitude } employmentTypes { label } remoteOption { label } }
      } } }`;
      const count = async (pageSize: number) => {
        statements.length = 0;
        const { body } = await backend.post<{ searchJobs: SearchResult }>({
          query,
          variables: { input: { search: 'Pflege', location: { ...tuebingen, radius: 100 }, pageSize } },
        });
        expect(body.errors).toBeUndefined();
        expect(body.data?.searchJobs.items).toHaveLength(pageSize);
        return statements.length;
      };
      await count(5); // Looks up the stems of "Pflege" once; they are cached then.
      const forFive = await count(5);
      const forTen = await count(10);
      console.info(`searchJobs statements on ${dialect} (${engine}): 5 hits → ${forFive}, 10 hits → ${forTen}`);
      expect(forTen).toBe(forFive);
      expect(forTen).toBeLessThanOrEqual(14);
    });
  });

  describe('validation', () => {
    const expectBadInput = async (input: Record<string, unknown>, message: string) => {
      const { body }: { body: GraphQLResponseBody } = await post(input);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.message).toContain(message);
    };

    it('refuses a radius outside the brand’s options, a page size of 0 and page 0', async () => {
      await expectBadInput({ location: { ...tuebingen, radius: 7 } }, 'radius must be one of 5, 25, 50, 100, 200');
      await expectBadInput({ pageSize: 0 }, 'pageSize must be between 1 and 50');
      await expectBadInput({ pageSize: 51 }, 'pageSize must be between 1 and 50');
      await expectBadInput({ page: 0 }, 'page must be between 1 and 1000');
      await expectBadInput({ search: 'x'.repeat(201) }, 'search must be at most 200 characters');
      await expectBadInput({ facets: [{ field: 'company', values: ['acme'] }] }, 'facet values must be ids');
    });
  });

  describe('locationSuggestions', () => {
    const suggest = async (query: string, headers?: Record<string, string>, limit?: number) => {
      const { body } = await backend.post<{
        locationSuggestions: {
          label: string;
          locationType: string;
          country: string;
          administrativeArea: string | null;
          lat: number;
          lon: number;
        }[];
      }>(
        {
          query: `query s($query: String!, $limit: Int) { locationSuggestions(query: $query, limit: $limit) {
            label lat lon locationType country administrativeArea } }`,
          variables: { query, limit },
        },
        { headers },
      );
      expect(body.errors).toBeUndefined();
      return body.data?.locationSuggestions ?? [];
    };

    it('suggests places by prefix, ignoring case and umlauts, largest first', async () => {
      const mu = await suggest('mu');
      expect(mu[0]).toMatchObject({
        label: 'München',
        locationType: 'city',
        country: 'DE',
        administrativeArea: 'Bayern',
      });
      expect((await suggest('MUEN'))[0]?.label).toBe('München');
      expect((await suggest('mün'))[0]?.label).toBe('München');
      const ess = (await suggest('ess', undefined, 20)).map((place) => place.label);
      expect(ess).toContain('Essen');
      expect(ess).toContain('Esslingen am Neckar');
      expect(ess.indexOf('Essen')).toBeLessThan(ess.indexOf('Esslingen am Neckar'));
    });

    it('suggests Bundesländer as administrative areas and Deutschland as a country', async () => {
      expect(await suggest('bayer')).toContainEqual(
        expect.objectContaining({ label: 'Bayern', locationType: 'administrative_area', administrativeArea: 'Bayern' }),
      );
      expect((await suggest('deutsch'))[0]).toMatchObject({
        label: 'Deutschland',
        locationType: 'country',
        country: 'DE',
      });
    });

    it('stays within the brand’s autocomplete bounds', async () => {
      const southern = { frontend: 'suedjobs;de' };
      const mu = await suggest('mu', southern, 50);
      expect(mu.map((place) => place.label)).not.toContain('München');
      for (const place of [...mu, ...(await suggest('f', southern, 50))]) {
        expect(place.lat).toBeGreaterThanOrEqual(47.53);
        expect(place.lat).toBeLessThanOrEqual(49.79);
        expect(place.lon).toBeGreaterThanOrEqual(7.51);
        expect(place.lon).toBeLessThanOrEqual(10.5);
      }
      expect((await suggest('frei', southern)).map((place) => place.label)).toContain('Freiburg im Breisgau');
      expect((await suggest('deutsch', southern)).map((place) => place.label)).not.toContain('Deutschland');
    });

    it('refuses an empty query and a limit above 50', async () => {
      const { body } = await backend.post({
        query: `query { empty: locationSuggestions(query: " ") { label } }`,
      });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const tooMany = await backend.post({ query: `query { locationSuggestions(query: "a", limit: 51) { label } }` });
      expect(tooMany.body.errors?.[0]?.message).toContain('limit must be between 1 and 50');
    });
  });
});
