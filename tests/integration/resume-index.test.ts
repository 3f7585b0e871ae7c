/**
 * The in-memory resume index (src/server/search/resume-index.ts) against the database it copies: the same
 * requests give the same totals, pages (in order) and facet counts on both engines, over a corpus of a few
 * hundred resumes of two brands; and a change written through the resume services is never answered from
 * an older copy.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import type { Database } from '../../src/server/db';
import { resumes } from '../../src/server/db/schema/resumes';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/db/testing';
import { saveResumeSection, setResumeVisibility } from '../../src/server/modules/resumes/save-resume-section';
import { searchResumes } from '../../src/server/modules/resumes/search-resumes';
import { currentResumeIndex, readResumeSearchRevision } from '../../src/server/search/resume-index';
import { fillResumeCorpus } from '../support/resume-corpus';
import { createUser } from '../support/factories';

type Engine = 'index' | 'database' | 'auto';
const recruiter = { userId: 1, roles: ['recruiter' as const] };

describe.each(testDialects)('in-memory resume index on %s', (dialect) => {
  let database: TestDatabase;
  const db = (): Database => database.handle.db;
  const search = (input: Record<string, unknown>, engine: Engine, locale: 'de' | 'fr' = 'de') =>
    searchResumes({ db: db(), viewer: recruiter, brand: brands.jobregio, locale, input, engine });

  /** Both engines' answers, compared field by field; the database's. */
  const expectLikeDatabase = async (input: Record<string, unknown>, locale: 'de' | 'fr' = 'de') => {
    const [fromIndex, fromDatabase] = [await search(input, 'index', locale), await search(input, 'database', locale)];
    expect(fromIndex.total, JSON.stringify(input)).toBe(fromDatabase.total);
    expect(
      fromIndex.items.map((item) => item.id),
      JSON.stringify(input),
    ).toEqual(fromDatabase.items.map((item) => item.id));
    for (const [position, item] of fromIndex.items.entries()) {
      const expected = fromDatabase.items[position]!.distanceKm;
      if (expected === null) expect(item.distanceKm).toBeNull();
      else expect(item.distanceKm).toBeCloseTo(expected, 6);
    }
    expect(fromIndex.facets, JSON.stringify(input)).toEqual(fromDatabase.facets);
    return fromDatabase;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await fillResumeCorpus(db(), { count: 260, brand: 'jobregio' });
    await fillResumeCorpus(db(), { count: 40, brand: 'tagblatt' });
  }, 120_000);

  afterAll(async () => {
    await database?.dispose();
  });

  it('answers text, place, radius, facets, pages and sorts as the database does', async () => {
    const all = await expectLikeDatabase({});
    // Every thirteenth of 260 is hidden; the other brand's resumes are not counted.
    expect(all.total).toBe(240);
    const skills = all.facets.find((facet) => facet.field === 'skills')!.values;
    const regions = all.facets.find((facet) => facet.field === 'region')!.values;
    const careers = all.facets.find((facet) => facet.field === 'careerStatus')!.values;
    const requests: Record<string, unknown>[] = [
      { search: 'kotlin' },
      { search: 'kotlin', page: 2 },
      { search: 'pflege' },
      { search: 'entwickl' },
      { search: 'sap excel' },
      { search: 'sap OR kotlin' },
      { search: 'kotlin -docker' },
      { search: 'buchhalterin' },
      { search: 'data scientist' },
      { search: 'und' },
      { search: 'nichtsdergleichen' },
      { place: 'München' },
      { place: 'München', radius: 50 },
      { place: 'Freiburg im Breisgau', search: 'pflege' },
      { place: 'Bayern' },
      { place: 'Deutschland' },
      { page: 3 },
      { facets: [{ field: 'skills', values: [skills[0]!.value] }] },
      { facets: [{ field: 'skills', values: [skills[0]!.value, skills[1]!.value] }] },
      {
        search: 'kotlin',
        facets: [
          { field: 'skills', values: [skills[2]!.value] },
          { field: 'region', values: [regions[0]!.value] },
        ],
      },
      { place: 'Stuttgart', radius: 100, facets: [{ field: 'careerStatus', values: [careers[1]!.value] }] },
      // A value named under another field counts as the SQL statement counts it.
      { facets: [{ field: 'languages', values: [skills[0]!.value] }] },
    ];
    for (const request of requests) await expectLikeDatabase(request);
    // Labels in the request's language, from the same codes.
    await expectLikeDatabase({ search: 'kotlin' }, 'fr');
    // Relevance: titles with the word first, then the most recently updated.
    const ranked = await search({ search: 'koch' }, 'index');
    expect(ranked.items[0]!.title?.toLowerCase()).toContain('koch');
  });

  it('never answers from a copy older than a change made through the resume services', async () => {
    await currentResumeIndex(db(), { wait: true, maxResumes: 1_000_000 });
    const user = await createUser(db(), { roles: ['applicant'] });
    const viewer = { userId: user.id, roles: ['applicant' as const] };
    const brand = brands.jobregio;
    await saveResumeSection({
      db: db(),
      viewer,
      brand,
      locale: 'de',
      section: 'personal_info',
      input: { firstName: 'Zora', lastName: 'Zentner' },
    });
    await saveResumeSection({
      db: db(),
      viewer,
      brand,
      locale: 'de',
      section: 'job_preferences',
      input: { title: 'Zinngießerin', desiredLocation: 'Freiburg im Breisgau', careerStatus: 'manager' },
    });
    await saveResumeSection({
      db: db(),
      viewer,
      brand,
      locale: 'de',
      section: 'skills',
      input: { skills: ['Zinnguss'] },
    });
    // Hidden until shown: no engine finds it.
    for (const engine of ['index', 'auto'] as const) {
      expect((await search({ search: 'zinngießerin' }, engine)).total).toBe(0);
    }
    const revision = await readResumeSearchRevision(db());
    await setResumeVisibility({ db: db(), viewer, brand, locale: 'de', visible: true });
    expect(BigInt(await readResumeSearchRevision(db()))).toBeGreaterThan(BigInt(revision));
    // Shown: the next search of either kind finds it (auto asks the database while the copy is rebuilt).
    for (const engine of ['auto', 'index'] as const) {
      const found = await search({ search: 'zinngießerin' }, engine);
      expect(found.total).toBe(1);
      expect(found.facets.find((facet) => facet.field === 'skills')!.values.map((value) => value.label)).toEqual([
        'Zinnguss',
      ]);
    }
    await expectLikeDatabase({ search: 'zinn' });
    // A new skill: found by it at once, the old one gone from its facet.
    await saveResumeSection({
      db: db(),
      viewer,
      brand,
      locale: 'de',
      section: 'skills',
      input: { skills: ['Glockenguss'] },
    });
    for (const engine of ['auto', 'index'] as const) {
      const found = await search({ search: 'zinngießerin' }, engine);
      expect(found.facets.find((facet) => facet.field === 'skills')!.values.map((value) => value.label)).toEqual([
        'Glockenguss',
      ]);
    }
    // Hidden again, or deleted: gone at once.
    await setResumeVisibility({ db: db(), viewer, brand, locale: 'de', visible: false });
    for (const engine of ['auto', 'index'] as const) {
      expect((await search({ search: 'zinngießerin' }, engine)).total).toBe(0);
    }
    const before = await expectLikeDatabase({});
    const [first] = before.items;
    await db().delete(resumes).where(eq(resumes.id, first!.id));
    for (const engine of ['auto', 'index'] as const) {
      const after = await search({}, engine);
      expect(after.total).toBe(before.total - 1);
      expect(after.items.map((item) => item.id)).not.toContain(first!.id);
    }
  });

  it('builds no copy above the limit: the database answers alone', async () => {
    expect(await currentResumeIndex(db(), { wait: true, maxResumes: 10 })).toBeNull();
    expect(await currentResumeIndex(db(), { wait: true, maxResumes: 1_000_000 })).not.toBeNull();
  });
});
