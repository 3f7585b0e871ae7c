/**
 * Resumes over GraphQL on both databases (issue 17): the applicant saves every section through its schema
 * (bad input names the field, in the visitor's language, and writes nothing); hidden fields of SPEC 9 are
 * never changed; the visibility toggle; a recruiter reads a visible resume without any private field or
 * e-mail; another applicant, an anonymous visitor and a brand without resumes get NOT_FOUND.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  myResume,
  removeResumeEntry,
  resumeById,
  saveResumeEducation,
  saveResumeJobPreferences,
  saveResumeLanguages,
  saveResumePersonalInfo,
  saveResumeSkills,
  saveResumeWorkExperience,
  searchResumes,
  setResumeVisibility,
} from '../../src/features/resumes/operations';
import type { Database } from '../../src/server/db';
import { resumePrivate, resumes } from '../../src/server/db/schema/resumes';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser, type TestUser } from '../support/factories';

const jobregio = { frontend: 'jobregio;en-GB' };
const german = { frontend: 'jobregio;de' };
const tagblatt = { frontend: 'tagblatt;de' };

const personalInfo = {
  salutation: 'ms',
  firstName: 'Greta',
  lastName: 'Privatmann',
  phone: '+49 761 123456',
  birthday: '1990-04-01',
  homeLocation: 'Freiburg-Wiehre',
  about: 'hidden about',
};

const errorOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions ?? {};

describe.each(testDialects)('resumes on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let applicant: TestUser;
  let other: TestUser;
  let recruiter: TestUser;
  let token: string;
  let resumeId: number;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    applicant = await createUser(db, { roles: ['applicant'] });
    other = await createUser(db, { roles: ['applicant'] });
    recruiter = await createUser(db, { roles: ['recruiter'] });
    await createOrganization(db, { frontend: 'jobregio', owner: recruiter, activeFor: [recruiter] });
    token = await backend.tokenFor(applicant);
  }, 120_000);

  afterAll(async () => {
    await backend?.dispose();
  });

  it('refuses bad input per field in the visitor’s language and writes nothing', async () => {
    const refused = await backend.request(
      saveResumePersonalInfo,
      { input: { firstName: ' ', lastName: 'X', phone: 'call me', birthday: '2999-01-01' } },
      { token, headers: german },
    );
    expect(errorOf(refused.body).code).toBe('BAD_USER_INPUT');
    expect(errorOf(refused.body).fieldErrors).toEqual({
      firstName: 'Bitte ausfüllen.',
      phone: 'Bitte eine gültige Telefonnummer eingeben.',
      birthday: 'Bitte ein Geburtsdatum in der Vergangenheit eingeben.',
    });
    expect(await db.select().from(resumes).where(eq(resumes.userId, applicant.id))).toEqual([]);
    // Sections other than personal info need the resume first.
    const early = await backend.request(
      saveResumeSkills,
      { input: { skills: ['Java'] } },
      { token, headers: jobregio },
    );
    expect(errorOf(early.body).code).toBe('CONFLICT');
  });

  it('saves every section, keeps the fields the brand hides, and starts hidden', async () => {
    const saved = await backend.request(saveResumePersonalInfo, { input: personalInfo }, { token, headers: jobregio });
    expect(saved.body.errors).toBeUndefined();
    resumeId = saved.body.data!.saveResumePersonalInfo.id;
    const [stored] = await db.select().from(resumePrivate).where(eq(resumePrivate.resumeId, resumeId));
    // SPEC 9: phone and about me are not asked on this brand, so they are not written either.
    expect(stored).toMatchObject({ firstName: 'Greta', lastName: 'Privatmann', phone: null, birthday: '1990-04-01' });

    const preferences = await backend.request(
      saveResumeJobPreferences,
      {
        input: {
          title: 'Backend Developer',
          desiredOccupation: 'Software development',
          employmentType: ['full_time'],
          desiredLocation: 'Freiburg im Breisgau',
          desiredSalaryMin: '60000',
          desiredSalaryMax: '50000',
          careerStatus: 'professional',
          availabilityPeriods: [],
        },
      },
      { token, headers: jobregio },
    );
    expect(errorOf(preferences.body).fieldErrors).toEqual({
      desiredSalaryMax: 'The maximum salary must be at least the minimum.',
    });
    const fixed = await backend.request(
      saveResumeJobPreferences,
      {
        input: {
          title: 'Backend Developer',
          desiredOccupation: 'Software development',
          employmentType: ['full_time', 'part_time'],
          desiredLocation: 'Freiburg im Breisgau',
          desiredSalaryMin: '50000',
          desiredSalaryMax: '60000',
          careerStatus: 'professional',
          availableStart: '2027-01-01',
          availabilityPeriods: ['mornings'],
        },
      },
      { token, headers: jobregio },
    );
    expect(fixed.body.errors).toBeUndefined();
    const work = await backend.request(
      saveResumeWorkExperience,
      {
        input: {
          jobTitle: 'Developer',
          occupation: 'IT',
          employmentType: 'full_time',
          companyName: 'Acme',
          startMonth: '2020-01',
          endMonth: '2019-01',
        },
      },
      { token, headers: jobregio },
    );
    expect(errorOf(work.body).fieldErrors).toEqual({ endMonth: 'The end must come after the start.' });
    await backend.request(
      saveResumeWorkExperience,
      { input: { jobTitle: 'Developer', occupation: 'IT', companyName: 'Acme', startMonth: '2020-01' } },
      { token, headers: jobregio },
    );
    await backend.request(
      saveResumeEducation,
      { input: { institution: 'Uni Freiburg', degreeLevel: 'master', fieldOfStudy: 'Computer science' } },
      { token, headers: jobregio },
    );
    await backend.request(saveResumeLanguages, { input: { languages: ['de', 'en'] } }, { token, headers: jobregio });
    await backend.request(
      saveResumeSkills,
      { input: { skills: ['Kotlin, PostgreSQL', 'Kotlin'], skillsNotes: 'Likes SQL' } },
      { token, headers: jobregio },
    );

    const mine = (await backend.request(myResume, {}, { token, headers: jobregio })).body.data?.myResume;
    expect(mine).toMatchObject({
      visible: false,
      region: 'Baden-Württemberg',
      skills: { skills: ['Kotlin', 'PostgreSQL'] },
      languages: { languages: ['de', 'en'] },
      contact: { firstName: 'Greta', lastName: 'Privatmann', email: applicant.email },
    });
    expect(mine?.workExperience).toHaveLength(1);
    expect(mine?.completeness).toEqual({ percent: 86, missing: ['attachments'] });

    // Changing and removing an entry by its id.
    const entry = mine!.education[0]!;
    await backend.request(
      saveResumeEducation,
      { input: { id: entry.id, institution: 'Universität Freiburg', fieldOfStudy: 'Informatik' } },
      { token, headers: jobregio },
    );
    const added = await backend.request(
      saveResumeEducation,
      { input: { institution: 'Gymnasium', degreeLevel: 'school' } },
      { token, headers: jobregio },
    );
    expect(added.body.errors).toBeUndefined();
    const twoEntries = (await backend.request(myResume, {}, { token, headers: jobregio })).body.data?.myResume;
    expect(twoEntries?.education.map((item) => item.institution)).toEqual(['Universität Freiburg', 'Gymnasium']);
    await backend.request(
      removeResumeEntry,
      { section: 'education', id: twoEntries!.education[1]!.id },
      { token, headers: jobregio },
    );
    const oneEntry = (await backend.request(myResume, {}, { token, headers: jobregio })).body.data?.myResume;
    expect(oneEntry?.education.map((item) => item.institution)).toEqual(['Universität Freiburg']);
  });

  it('shows a hidden resume to nobody but its owner, a visible one without private fields', async () => {
    const recruiterToken = await backend.tokenFor(recruiter);
    const otherToken = await backend.tokenFor(other);
    const asRecruiter = () =>
      backend.request(resumeById, { id: resumeId }, { token: recruiterToken, headers: jobregio });
    expect(errorOf((await asRecruiter()).body).code).toBe('NOT_FOUND');

    const shown = await backend.request(setResumeVisibility, { visible: true }, { token, headers: jobregio });
    expect(shown.body.data?.setResumeVisibility.visible).toBe(true);
    const seen = await asRecruiter();
    expect(seen.body.errors).toBeUndefined();
    expect(seen.body.data?.resume).toMatchObject({ jobPreferences: { title: 'Backend Developer' }, contact: null });
    const text = JSON.stringify(seen.body);
    for (const secret of ['Greta', 'Privatmann', '1990-04-01', 'Freiburg-Wiehre', applicant.email]) {
      expect(text).not.toContain(secret);
    }

    for (const [viewer, options] of [
      ['another applicant', { token: otherToken, headers: jobregio }],
      ['anonymous', { headers: jobregio }],
      ['a brand without resumes', { token: recruiterToken, headers: tagblatt }],
    ] as const) {
      const answer = await backend.request(resumeById, { id: resumeId }, options);
      expect(errorOf(answer.body).code, viewer).toBe('NOT_FOUND');
      expect(JSON.stringify(answer.body), viewer).not.toContain('Greta');
    }
    // Without resumes on the brand, the owner cannot reach theirs either.
    expect(errorOf((await backend.request(myResume, {}, { token, headers: tagblatt })).body).code).toBe('NOT_FOUND');
    // Nor may a recruiter write a resume.
    const refused = await backend.request(
      saveResumePersonalInfo,
      { input: personalInfo },
      {
        token: recruiterToken,
        headers: jobregio,
      },
    );
    expect(errorOf(refused.body).code).toBe('FORBIDDEN');
  });

  it('finds visible resumes by text, facets and place, 10 a page, without private fields', async () => {
    const recruiterToken = await backend.tokenFor(recruiter);
    // Twelve more resumes: eleven visible Kotlin developers in Munich, one hidden one.
    for (let index = 0; index < 12; index += 1) {
      const user = await createUser(db, { roles: ['applicant'] });
      const userToken = await backend.tokenFor(user);
      const headers = jobregio;
      await backend.request(
        saveResumePersonalInfo,
        { input: { firstName: `Secret${index}`, lastName: 'Hidden', birthday: '1980-02-02' } },
        { token: userToken, headers },
      );
      await backend.request(
        saveResumeJobPreferences,
        {
          input: {
            title: `Kotlin Entwicklerin ${index}`,
            desiredLocation: 'München',
            careerStatus: index % 2 === 0 ? 'graduate' : 'professional',
          },
        },
        { token: userToken, headers },
      );
      await backend.request(saveResumeSkills, { input: { skills: ['Kotlin', 'Docker'] } }, { token: userToken, headers });
      if (index < 11) await backend.request(setResumeVisibility, { visible: true }, { token: userToken, headers });
    }
    const search = (input: Record<string, unknown>, token = recruiterToken) =>
      backend.request(searchResumes, { input }, { token, headers: jobregio });

    const first = await search({ search: 'kotlin' });
    expect(first.body.errors).toBeUndefined();
    const kotlin = first.body.data!.searchResumes;
    // Greta's skill "Kotlin" is in her skills too: 11 + 1 visible, 10 on the first page.
    expect(kotlin.total).toBe(12);
    expect(kotlin.items).toHaveLength(10);
    expect(kotlin.pageSize).toBe(10);
    const second = (await search({ search: 'kotlin', page: 2 })).body.data!.searchResumes;
    expect(second.items).toHaveLength(2);
    const text = JSON.stringify([kotlin, second]);
    for (const secret of ['Secret', 'Hidden', 'Greta', 'Privatmann', '1980-02-02', applicant.email]) {
      expect(text).not.toContain(secret);
    }

    // Around Freiburg (100 km by default) only Greta; Munich is farther.
    const freiburg = (await search({ search: 'kotlin', place: 'Freiburg im Breisgau' })).body.data!.searchResumes;
    expect(freiburg.items.map((item) => item.id)).toEqual([resumeId]);
    expect(freiburg.items[0]!.distanceKm).toBeLessThan(100);
    const region = (await search({ place: 'Bayern' })).body.data!.searchResumes;
    expect(region.total).toBe(11);

    // Facets: counted with the other facets' selections, labels in the request's language.
    const career = kotlin.facets.find((facet) => facet.field === 'careerStatus')!;
    const graduate = career.values.find((value) => value.label === 'Graduate')!;
    expect(graduate.count).toBe(6);
    const narrowed = (await search({ search: 'kotlin', facets: [{ field: 'careerStatus', values: [graduate.value] }] }))
      .body.data!.searchResumes;
    expect(narrowed.total).toBe(6);
    expect(narrowed.facets.find((facet) => facet.field === 'careerStatus')!.values.length).toBe(2);
    const languages = (await search({})).body.data!.searchResumes.facets.find((facet) => facet.field === 'languages');
    expect(languages?.values.map((value) => value.label).sort()).toEqual(['English', 'German']);

    // Only recruiters and staff search; bad input names the field.
    const otherToken = await backend.tokenFor(other);
    expect(errorOf((await search({}, otherToken)).body).code).toBe('FORBIDDEN');
    expect(errorOf((await backend.request(searchResumes, { input: {} }, { headers: jobregio })).body).code).toBe(
      'UNAUTHENTICATED',
    );
    expect(errorOf((await search({ radius: 7 })).body).code).toBe('BAD_USER_INPUT');
    expect(
      errorOf((await backend.request(searchResumes, { input: {} }, { token: recruiterToken, headers: tagblatt })).body)
        .code,
    ).toBe('NOT_FOUND');
  });
});
