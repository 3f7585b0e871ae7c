/**
 * The in-memory job index (decision 0008) against the database it copies: the same requests give the same
 * totals, facet counts and date-sorted pages on both engines, and a change to the database is never
 * answered from an older copy.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandId } from '../../brands';
import { jobEmploymentTypes, jobLocations, jobOccupationalFields, jobs } from '../../src/server/db/schema/jobs';
import { organizationIndustries, organizations } from '../../src/server/db/schema/organizations';
import { listSimilarJobs } from '../../src/server/modules/jobs/list-similar-jobs';
import { applyJobSchedule } from '../../src/server/modules/jobs/apply-job-schedule';
import { openDatabase } from '../../src/server/db/client';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/db/testing';
import { FacetSelection } from '../../src/server/search/facets';
import { jobFilterOf } from '../../src/server/search/job-filter';
import { sqlJobEngine } from '../../src/server/search/sql-job-engine';
import { jobFacetFields } from '../../src/lib/search/vocabulary';
import { searchJobs, type JobSearchRequest, type JobSearchResult } from '../../src/server/search';
import { currentJobIndex, readSearchRevision } from '../../src/server/search/job-index';
import { countJobCategories } from '../../src/server/search/count-job-categories';
import { countCategoriesInIndex } from '../../src/server/search/search-index';
import { jobCategories } from '../../src/lib/job-categories';
import { parseVector } from '../../src/server/search/text-index';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createJob } from '../support/factories';

const stuttgart = { lat: 48.7758, lon: 9.1829 };
const freiburg = { lat: 47.999, lon: 7.8421 };

/** Facets as comparable text: field → "value:count" sorted (the order of equal counts may differ). */
const facetsOf = (result: JobSearchResult) =>
  Object.fromEntries(
    result.facets.map((facet) => [facet.field, facet.values.map((value) => `${value.value}:${value.count}`).sort()]),
  );

describe('parseVector', () => {
  it('reads lexemes with their best weight, quotes included', () => {
    const seen: [string, number][] = [];
    parseVector(`'it''s':3 'pfleg':1A,7 'stuttgart':4B 'java':5C,9 'team':8`, (lexeme, weight) =>
      seen.push([lexeme, weight]),
    );
    expect(seen).toEqual([
      ["it's", 1],
      ['pfleg', 4],
      ['stuttgart', 3],
      ['java', 2],
      ['team', 1],
    ]);
  });
});

describe.each(testDialects)('in-memory job index on %s', (dialect) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const search = (brandId: BrandId, input: JobSearchRequest, engine: 'index' | 'database' | 'auto') =>
    searchJobs({ db: db(), input, locale: 'de', brandId, engine });

  /** The index answers a request as the database does; the database's answer. */
  const expectLikeDatabase = async (
    brand: BrandId,
    request: JobSearchRequest,
    sort: 'publish_date_desc' | 'relevancy',
  ) => {
    const input = { ...request, sort, pageSize: 20 };
    const fromIndex = await search(brand, input, 'index');
    const fromDatabase = await search(brand, input, 'database');
    const label = `${brand} ${JSON.stringify(input)}`;
    expect(fromIndex.total, label).toBe(fromDatabase.total);
    expect(facetsOf(fromIndex), label).toEqual(facetsOf(fromDatabase));
    // Relevance is computed differently (see search-index.ts); newest first is one order.
    if (sort === 'publish_date_desc' || !request.search) {
      expect(
        fromIndex.items.map((item) => item.jobId),
        label,
      ).toEqual(fromDatabase.items.map((item) => item.jobId));
      for (const [position, item] of fromIndex.items.entries()) {
        const distance = fromDatabase.items[position]?.distanceKm ?? null;
        if (distance === null) expect(item.distanceKm).toBeNull();
        else expect(item.distanceKm).toBeCloseTo(distance, 6);
      }
    } else {
      expect(new Set(fromIndex.items.map((item) => item.jobId)).size).toBe(fromIndex.items.length);
    }
    return fromDatabase;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(db(), { jobs: 1200, organizations: 60, seed: 11 });
  }, 120_000);
  afterAll(() => database?.dispose());

  it('answers like the database: totals, facet counts and newest-first pages', async () => {
    const terms = await db().execute<{ id: number; vocabulary: string }>(
      sql`select id, vocabulary from taxonomy_terms where vocabulary in ('employment_type', 'remote_option', 'industry')`,
    );
    const idsOf = (vocabulary: string) =>
      terms.rows.filter((term) => term.vocabulary === vocabulary).map((term) => String(term.id));
    const [fullTime = '', partTime = ''] = idsOf('employment_type');
    const [remote = ''] = idsOf('remote_option');
    const [industry = ''] = idsOf('industry');
    const requests: [BrandId, JobSearchRequest][] = [
      ['tagblatt', {}],
      ['tagblatt', { search: 'Pflege' }],
      ['tagblatt', { search: 'Kranken', location: { ...stuttgart, radiusKm: 100 } }],
      ['tagblatt', { search: 'Software Entwickler -Java', facets: { employmentType: [fullTime, partTime] } }],
      ['tagblatt', { search: 'Vertrieb OR Marketing', location: { ...stuttgart, radiusKm: 50 }, page: 2 }],
      ['tagblatt', { search: 'für m/w/d' }],
      ['jobregio', { search: 'nurse', location: { ...freiburg, radiusKm: 25 } }],
      ['jobregio', { search: 'Ingénieur' }],
      ['suedjobs', { facets: { remoteOptions: [remote], employmentType: [fullTime] } }],
      ['suedjobs', { facets: { industry: [industry] }, minYearlySalary: 45_000 }],
      ['tagblatt', { title: 'kauf', location: { ...stuttgart, radiusKm: 200 } }],
      ['tagblatt', { category: 'it-telekommunikation' }],
      [
        'tagblatt',
        {
          location: { ...stuttgart, radiusKm: 100, locationType: 'administrative_area', label: 'Baden-Württemberg' },
        },
      ],
      ['tagblatt', { location: { ...stuttgart, radiusKm: 100, locationType: 'country', label: 'Deutschland' } }],
    ];
    let compared = 0;
    for (const [brand, request] of requests) {
      for (const sort of ['publish_date_desc', 'relevancy'] as const) {
        const fromDatabase = await expectLikeDatabase(brand, request, sort);
        if (fromDatabase.total > 0) compared += 1;
      }
    }
    // The requests are not vacuous: nearly all of them find jobs.
    expect(compared).toBeGreaterThanOrEqual(24);
  });

  it('counts the open jobs of each job category as the database does (the home page)', async () => {
    const slugs = jobCategories.map((category) => category.slug);
    const index = await currentJobIndex(db(), { wait: true });
    for (const brand of ['tagblatt', 'jobregio', 'suedjobs'] as const) {
      const fromDatabase = await countJobCategories(db(), brand, slugs, { engine: 'database' });
      expect(countCategoriesInIndex(index!, brand, slugs, Date.now()), brand).toEqual(fromDatabase);
      // The home page's way: the current copy answers.
      expect(await countJobCategories(db(), brand, slugs, { serviceSocket: null })).toEqual(fromDatabase);
      if (brand === 'tagblatt') expect(fromDatabase.filter((count) => count > 0).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('ranks jobs with the word in the title first', async () => {
    const result = await search('tagblatt', { search: 'Pflege', pageSize: 50 }, 'index');
    const { rows } = await db().execute<{ id: number; title: string }>(
      sql`select id, title from jobs where id in (${sql.join(
        result.items.map((item) => sql`${item.jobId}`),
        sql`, `,
      )})`,
    );
    const inTitle = result.items.map((item) => /pflege/i.test(rows.find((row) => row.id === item.jobId)?.title ?? ''));
    expect(inTitle).toContain(true);
    expect(inTitle.indexOf(false) === -1 || inTitle.lastIndexOf(true) < inTitle.indexOf(false)).toBe(true);
  });

  it('never answers from an older copy: a new job is found at once, the index catches up', async () => {
    const index = await currentJobIndex(db(), { wait: true });
    expect(index).not.toBeNull();
    const before = await readSearchRevision(db());

    // A rolled-back change leaves the revision alone.
    await db()
      .transaction(async (tx) => {
        await tx.update(jobs).set({ title: 'Zwischenstand' }).where(eq(jobs.id, index!.jobIds[0]!));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await readSearchRevision(db())).toBe(before);

    const [organization] = await db().select({ id: organizations.id }).from(organizations).limit(1);
    const job = await createJob(db(), {
      organization: organization!,
      title: 'Zeppelinpilotin (m/w/d)',
      description: '<p>Rundflüge über dem Bodensee.</p>',
      publishedAt: new Date(Date.now() - 60_000),
      locations: [{ latitude: 47.6567, longitude: 9.4797, locality: 'Friedrichshafen', countryCode: 'DE' }],
    });
    expect(await readSearchRevision(db())).not.toBe(before);

    // The copy is older now: the search must not use it.
    const auto = await search('tagblatt', { search: 'Zeppelinpilotin' }, 'auto');
    expect(auto.items.map((item) => item.jobId)).toEqual([job.id]);
    const caughtUp = await search(
      'tagblatt',
      { search: 'Zeppelin', location: { lat: 47.6567, lon: 9.4797, radiusKm: 5 } },
      'index',
    );
    expect(caughtUp.items.map((item) => item.jobId)).toEqual([job.id]);
    expect((await currentJobIndex(db()))?.revision).toBe(await readSearchRevision(db()));

    // Unpublishing takes it out again.
    await db().update(jobs).set({ state: 'archived' }).where(eq(jobs.id, job.id));
    expect((await search('tagblatt', { search: 'Zeppelinpilotin' }, 'index')).total).toBe(0);
  });

  it('catches up with published, edited, withdrawn and expired jobs without a rebuild, answering like the database', async () => {
    const index = await currentJobIndex(db(), { wait: true });
    expect(index).not.toBeNull();
    const built = { ordered: index!.ordered, size: index!.size };
    const { rows: published } = await db().execute<{ id: number; organization_id: number }>(
      sql`select id, organization_id from jobs where state = 'published' and frontend = 'tagblatt'
        and published_at <= now() and (expires_at is null or expires_at > now()) order by id limit 6`,
    );
    const [edited, moved, withdrawn, expired, retyped, other] = published.map((row) => Number(row.id));
    const titles = new Map(
      (await db().select({ id: jobs.id, title: jobs.title }).from(jobs)).map((job) => [job.id, job.title] as const),
    );
    const terms = await db().execute<{ id: number; vocabulary: string }>(
      sql`select id, vocabulary from taxonomy_terms where vocabulary in ('employment_type', 'occupational_field', 'industry')`,
    );
    const termOf = (vocabulary: string, at = 0) => terms.rows.filter((term) => term.vocabulary === vocabulary)[at]!.id;

    // A new job (publish), an edited title, new places, a withdrawal, an expiry, other categories and an
    // organization's industries: each a separate write, as the services make them.
    const [organization] = await db()
      .select()
      .from(organizations)
      .where(eq(organizations.frontend, 'tagblatt'))
      .limit(1);
    const fresh = await createJob(db(), {
      organization: organization!,
      title: 'Leuchtturmwärterin (m/w/d)',
      description: '<p>Nachtschichten am Bodensee.</p>',
      publishedAt: new Date(Date.now() - 30_000),
      locations: [{ latitude: 47.6567, longitude: 9.4797, locality: 'Friedrichshafen', countryCode: 'DE' }],
    });
    await db()
      .insert(jobOccupationalFields)
      .values({ jobId: fresh.id, termId: termOf('occupational_field') });
    await db().update(jobs).set({ title: 'Glockengießerin (m/w/d)' }).where(eq(jobs.id, edited!));
    await db().delete(jobLocations).where(eq(jobLocations.jobId, moved!));
    await db().insert(jobLocations).values({
      jobId: moved!,
      latitude: 47.999,
      longitude: 7.8421,
      locality: 'Freiburg',
      countryCode: 'DE',
      weight: 0,
    });
    await db().update(jobs).set({ state: 'archived' }).where(eq(jobs.id, withdrawn!));
    await db()
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, expired!));
    await db().delete(jobEmploymentTypes).where(eq(jobEmploymentTypes.jobId, retyped!));
    await db()
      .insert(jobEmploymentTypes)
      .values({ jobId: retyped!, termId: termOf('employment_type', 1) });
    await db().delete(jobOccupationalFields).where(eq(jobOccupationalFields.jobId, retyped!));
    await db()
      .insert(jobOccupationalFields)
      .values({ jobId: retyped!, termId: termOf('occupational_field') });
    const industryOwner = published.find((row) => Number(row.id) === other)!.organization_id;
    await db().delete(organizationIndustries).where(eq(organizationIndustries.organizationId, industryOwner));
    await db()
      .insert(organizationIndustries)
      .values({ organizationId: industryOwner, termId: termOf('industry', 2) });

    const requests: JobSearchRequest[] = [
      {},
      { search: 'Leuchtturmwärterin' },
      { search: 'Glockengießerin' },
      { location: { lat: 47.999, lon: 7.8421, radiusKm: 10 } },
      { facets: { employmentType: [String(termOf('employment_type', 1))] } },
      { facets: { industry: [String(termOf('industry', 2))] } },
      { category: 'it-telekommunikation' },
      { search: 'Pflege', page: 2 },
    ];
    for (const request of requests) {
      for (const sort of ['publish_date_desc', 'relevancy'] as const)
        await expectLikeDatabase('tagblatt', request, sort);
    }
    const found = (text: string) => search('tagblatt', { search: text }, 'index');
    expect((await found('Leuchtturmwärterin')).items.map((item) => item.jobId)).toEqual([fresh.id]);
    // A word the copy did not know before, found by its beginning too (the sorted lexemes took it in).
    expect((await found('Leuchtturmw')).items.map((item) => item.jobId)).toContain(fresh.id);
    await expectLikeDatabase('tagblatt', { search: 'Leuchtturmw' }, 'publish_date_desc');
    expect((await found('Glockengießerin')).items.map((item) => item.jobId)).toEqual([edited]);
    for (const [jobId, title] of [
      [withdrawn, titles.get(withdrawn!)],
      [expired, titles.get(expired!)],
    ] as const) {
      const byTitle = await search('tagblatt', { title: title!.toLowerCase(), pageSize: 50 }, 'index');
      expect(byTitle.items.map((item) => item.jobId)).not.toContain(jobId);
    }

    // Similar jobs from the caught-up copy are the database's.
    for (const jobId of [fresh.id, retyped!, moved!, other!]) {
      const fromIndex = await listSimilarJobs({ db: db(), brandId: 'tagblatt', input: { jobId }, engine: 'index' });
      const fromDatabase = await listSimilarJobs({
        db: db(),
        brandId: 'tagblatt',
        input: { jobId },
        engine: 'database',
      });
      expect(fromIndex.map((job) => job.id)).toEqual(fromDatabase.map((job) => job.id));
    }
    // The new job is the nearest similar job of another one at its place, in its field.
    const twin = await createJob(db(), {
      organization: organization!,
      publishedAt: new Date(Date.now() - 60_000),
      locations: [{ latitude: 47.6567, longitude: 9.4797, locality: 'Friedrichshafen', countryCode: 'DE' }],
    });
    await db()
      .insert(jobOccupationalFields)
      .values({ jobId: twin.id, termId: termOf('occupational_field') });
    const similarToTwin = await listSimilarJobs({
      db: db(),
      brandId: 'tagblatt',
      input: { jobId: twin.id },
      engine: 'index',
    });
    expect(similarToTwin[0]?.id).toBe(fresh.id);

    // It was the same copy all along, caught up (documents appended), not rebuilt.
    const after = await currentJobIndex(db(), { wait: true });
    expect(after).toBe(index);
    expect(after!.ordered).toBe(built.ordered);
    expect(after!.size).toBeGreaterThan(built.size);
    expect(after!.revision).toBe(await readSearchRevision(db()));
  });

  it('builds a new copy in the background once many documents were replaced, answering from the old one meanwhile', async () => {
    const index = await currentJobIndex(db(), { wait: true });
    expect(index).not.toBeNull();
    // Three edits of 700 jobs (each under the 1,000 rows that make a statement rebuild), each caught up.
    for (let round = 0; round < 3; round++) {
      await db().execute(
        sql`update jobs set title = title where id in (select id from jobs where state = 'published' order by id limit 700)`,
      );
      expect(await currentJobIndex(db())).toBe(index);
    }
    expect(index!.size - index!.ordered).toBeGreaterThan(2000);
    // The compaction: a new copy, built in order, at least as new as the database was.
    await expect.poll(async () => (await currentJobIndex(db())) !== index, { timeout: 30_000 }).toBe(true);
    const compacted = await currentJobIndex(db(), { wait: true });
    expect(compacted!.ordered).toBe(compacted!.size);
    expect(compacted!.removedCount).toBe(0);
    await expectLikeDatabase('tagblatt', { search: 'Pflege' }, 'publish_date_desc');
  });

  it('builds no index above SEARCH_INDEX_MAX_JOBS: the database answers alone, the same', async () => {
    const counted = await db().execute<{ count: number | string }>(
      sql`select count(*) as count from jobs where state = 'published' and published_at is not null`,
    );
    const published = Number(counted.rows[0]?.count);
    expect(published).toBeGreaterThan(100);

    // One job more than the limit: no copy is built, and the one held before is let go.
    const held = await currentJobIndex(db(), { wait: true });
    expect(held && held.size - held.removedCount).toBe(published);
    expect(await currentJobIndex(db(), { wait: true, maxJobs: published - 1 })).toBeNull();
    expect(await currentJobIndex(db(), { wait: true, maxJobs: 0 })).toBeNull();
    for (const input of [
      { search: 'Pflege', pageSize: 20 },
      { location: { ...stuttgart, radiusKm: 50 }, sort: 'publish_date_desc' as const },
    ]) {
      const capped = await searchJobs({
        db: db(),
        input,
        locale: 'de',
        brandId: 'tagblatt',
        engine: 'index',
        indexMaxJobs: published - 1,
      });
      expect(capped.total).toBeGreaterThan(0);
      expect(capped).toEqual(await search('tagblatt', input, 'database'));
    }

    // At the limit the index is built again.
    const rebuilt = await currentJobIndex(db(), { wait: true, maxJobs: published });
    expect(rebuilt && rebuilt.size - rebuilt.removedCount).toBe(published);
  });

  it('catches up with the job runner archiving more than a thousand expired jobs at once, without a rebuild', async () => {
    // Expired an hour ago, not yet archived (as after a pause of the job runner).
    const expired = await db().execute<{ id: number }>(sql`
      update jobs set expires_at = now() - interval '1 hour'
      where id in (select id from jobs where state = 'published' order by id limit 1050) returning id`);
    expect(expired.rows).toHaveLength(1050);
    const held = await currentJobIndex(db(), { wait: true });
    const { archived } = await applyJobSchedule(db());
    expect(archived.length).toBeGreaterThanOrEqual(1050);
    // The same copy, caught up from the list of archived jobs (migration 0035), not a new one being built.
    const after = await currentJobIndex(db());
    expect(after).toBe(held);
    expect(after!.revision).toBe(await readSearchRevision(db()));
    await expectLikeDatabase('tagblatt', {}, 'publish_date_desc');
  });

  // A visitor who gives up does not cancel the statement; a bound keeps slow searches from piling up.
  it.runIf(dialect === 'postgres')('gives up a search statement that runs past its time limit', async () => {
    const blocker = await openDatabase({ databaseUrl: database.databaseUrl });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = blocker.db.transaction(async (tx) => {
      await tx.execute(sql`lock table jobs in access exclusive mode`);
      locked();
      await held;
    });
    try {
      await isLocked;
      const query = {
        filter: await jobFilterOf(db(), {}, 'tagblatt'),
        facets: new FacetSelection(jobFacetFields, {}),
        byRank: false,
        page: 1,
        pageSize: 10,
        locale: 'de' as const,
        facetValueLimit: 10,
      };
      const started = Date.now();
      const failure = await sqlJobEngine(db(), { statementTimeoutMs: 300 })
        .search(query)
        .then(
          () => null,
          (error: unknown) => error,
        );
      const message = `${String(failure)} ${String((failure as { cause?: unknown } | null)?.cause)}`;
      expect(message).toMatch(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      release();
      await holding;
      await blocker.close();
    }
  });
});
