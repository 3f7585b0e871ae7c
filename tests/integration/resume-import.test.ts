/**
 * Importing a CV (issue 17 part 2) over GraphQL on both databases: PDF and DOCX, German and English, as the
 * tests generate them; the proposal is stored nowhere until the applicant saves the corrected version in one
 * transaction; refusals by magic bytes, page count, size and rate; only applicants on brands with resumes.
 */
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import { applyResumeImport, myResume, proposeResumeImport } from '../../src/features/resumes/operations';
import type { Database } from '../../src/server/db';
import { resumePrivate, resumes } from '../../src/server/db/schema/resumes';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { cvDocx, cvPdf, englishCv, germanCv } from '../support/cv-fixtures';
import { createUser, type TestUser } from '../support/factories';

const english = { frontend: 'jobregio;en-GB' };
const german = { frontend: 'jobregio;de' };
const french = { frontend: 'jobregio;fr' };

describe.each(testDialects)('resume import on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let applicant: TestUser;
  let token: string;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    applicant = await createUser(db, { roles: ['applicant'] });
    token = await backend.tokenFor(applicant);
  }, 120_000);

  afterAll(async () => {
    await backend?.dispose();
  });

  async function upload(
    bytes: Uint8Array,
    name: string,
    options: { token?: string; headers?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: proposeResumeImport.query, variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([new Uint8Array(bytes)], name));
    const headers: Record<string, string> = { ...(options.headers ?? english) };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const response = await backend.server.fetch('http://localhost/graphql', { method: 'POST', headers, body: form });
    return (await response.json()) as GraphQLResponseBody<{ proposeResumeImport: Record<string, unknown> }>;
  }

  const errorOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions ?? {};

  const germanProposal = {
    personalInfo: {
      firstName: 'Greta',
      lastName: 'Beispiel',
      email: 'greta.beispiel@example.org',
      phone: '+49 761 555123',
      birthday: '1990-04-01',
      homeLocation: 'Freiburg im Breisgau',
    },
    workExperience: [
      expect.objectContaining({
        jobTitle: 'Softwareentwicklerin',
        companyName: 'Schwarzwald Software GmbH',
        startMonth: '2019-03',
        endMonth: null,
      }),
      expect.objectContaining({ jobTitle: 'Werkstudentin', startMonth: '2015-08', endMonth: '2019-02' }),
    ],
    education: [
      expect.objectContaining({ institution: 'Albert-Ludwigs-Universität Freiburg', degreeLevel: 'master' }),
      expect.objectContaining({ institution: 'Goethe-Gymnasium Emmendingen', degreeLevel: 'school' }),
    ],
    skills: ['TypeScript', 'PostgreSQL', 'Docker'],
    languages: ['de', 'en'],
  };
  const englishProposal = {
    personalInfo: expect.objectContaining({
      firstName: 'John',
      lastName: 'Example',
      birthday: '1988-11-23',
    }) as unknown,
    workExperience: [
      expect.objectContaining({ jobTitle: 'Data Analyst', companyName: 'Northern Data Ltd', startMonth: '2020-01' }),
      expect.objectContaining({ jobTitle: 'Junior Analyst', endMonth: '2019-12' }),
    ],
    education: [expect.objectContaining({ institution: 'University of Leeds', degreeLevel: 'bachelor' })],
    skills: ['Python', 'SQL', 'Tableau'],
    languages: ['en', 'fr'],
  };

  it.each([
    ['German PDF', 'pdf', germanCv, germanProposal],
    ['German DOCX', 'docx', germanCv, germanProposal],
    ['English PDF', 'pdf', englishCv, englishProposal],
    ['English DOCX', 'docx', englishCv, englishProposal],
  ] as const)('proposes the sections of a %s and stores nothing', async (_name, type, lines, expected) => {
    const bytes = type === 'pdf' ? await cvPdf(lines) : cvDocx(lines);
    const body = await upload(bytes, `cv.${type}`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.proposeResumeImport).toMatchObject({
      fileType: type,
      pages: type === 'pdf' ? 1 : null,
      ...expected,
    });
    expect(await db.select().from(resumes).where(eq(resumes.userId, applicant.id))).toEqual([]);
  });

  it('refuses by content, not by name: wrong magic bytes, a zip without a document, too many pages', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const asPdf = await upload(png, 'cv.pdf', { headers: german });
    expect(errorOf(asPdf).code).toBe('BAD_USER_INPUT');
    expect(errorOf(asPdf).fieldErrors).toEqual({ file: 'Nur PDF- und Word-Dateien (DOCX) können eingelesen werden.' });
    const zip = zipSync({ 'notes.txt': strToU8('Max Mustermann') });
    expect(errorOf(await upload(zip, 'cv.docx')).fieldErrors).toEqual({
      file: 'Only PDF and Word files (DOCX) can be imported.',
    });
    const long = await cvPdf(
      Array.from({ length: 11 }, (_, page) => `Seite ${page + 1}`),
      1,
    );
    expect(errorOf(await upload(long, 'cv.pdf', { headers: french })).fieldErrors).toEqual({
      file: 'Le PDF a trop de pages : 10 au maximum.',
    });
    const broken = new Uint8Array([...strToU8('%PDF-1.7\n'), ...new Uint8Array(64)]);
    expect(errorOf(await upload(broken, 'cv.pdf')).fieldErrors).toEqual({
      file: 'The file could not be read. Is it damaged or password-protected?',
    });
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(strToU8('%PDF-1.7\n'));
    expect(errorOf(await upload(huge, 'cv.pdf')).fieldErrors).toEqual({
      file: 'The file is too large: at most 10 MB.',
    });
  });

  it('is only for signed-in applicants on brands with resumes', async () => {
    const bytes = cvDocx(germanCv);
    expect(errorOf(await upload(bytes, 'cv.docx', { token: '' })).code).toBe('UNAUTHENTICATED');
    const recruiter = await createUser(db, { roles: ['recruiter'] });
    expect(errorOf(await upload(bytes, 'cv.docx', { token: await backend.tokenFor(recruiter) })).code).toBe(
      'FORBIDDEN',
    );
    expect(errorOf(await upload(bytes, 'cv.docx', { headers: { frontend: 'tagblatt;de' } })).code).toBe('NOT_FOUND');
  });

  it('saves the corrected proposal in one transaction, and bad input per field writes nothing', async () => {
    const input = {
      personalInfo: { firstName: 'Greta', lastName: 'Beispiel', birthday: '1990-04-01', homeLocation: 'Freiburg' },
      workExperience: [
        { jobTitle: 'Softwareentwicklerin', companyName: 'Schwarzwald Software GmbH', startMonth: '2019-03' },
        { jobTitle: 'Werkstudentin', startMonth: '2019-02', endMonth: '2015-08' },
      ],
      education: [{ institution: 'Albert-Ludwigs-Universität Freiburg', degreeLevel: 'master' }],
      skills: { skills: ['TypeScript', 'Docker'] },
      languages: { languages: ['de', 'en'], languagesFree: 'Suaheli' },
    };
    const refused = await backend.request(applyResumeImport, { input }, { token, headers: german });
    expect(errorOf(refused.body).code).toBe('BAD_USER_INPUT');
    expect(errorOf(refused.body).fieldErrors).toEqual({
      'workExperience.1.endMonth': createTranslator('de')('resume.error.timePeriod'),
    });
    expect(await db.select().from(resumes).where(eq(resumes.userId, applicant.id))).toEqual([]);

    input.workExperience[1] = { jobTitle: 'Werkstudentin', startMonth: '2015-08', endMonth: '2019-02' };
    const saved = await backend.request(applyResumeImport, { input }, { token, headers: german });
    expect(saved.body.errors).toBeUndefined();
    const [row] = await db.select().from(resumes).where(eq(resumes.userId, applicant.id));
    expect(row).toMatchObject({ visible: false, skills: { skills: ['TypeScript', 'Docker'] } });
    expect(row!.workExperience.map((entry) => entry.jobTitle)).toEqual(['Softwareentwicklerin', 'Werkstudentin']);
    expect(row!.searchText).toContain('TypeScript');
    const [personal] = await db.select().from(resumePrivate).where(eq(resumePrivate.resumeId, row!.id));
    expect(personal).toMatchObject({ firstName: 'Greta', lastName: 'Beispiel', homeLocation: 'Freiburg' });

    // A second import adds entries and merges skills and languages.
    const again = await backend.request(
      applyResumeImport,
      {
        input: {
          workExperience: [{ jobTitle: 'Praktikantin', startMonth: '2014-01', endMonth: '2014-06' }],
          skills: { skills: ['Docker', 'SQL'] },
          languages: { languages: ['fr'] },
        },
      },
      { token, headers: german },
    );
    expect(again.body.errors).toBeUndefined();
    const mine = await backend.request(myResume, {}, { token, headers: german });
    expect(mine.body.data!.myResume).toMatchObject({
      workExperience: [
        { jobTitle: 'Softwareentwicklerin' },
        { jobTitle: 'Werkstudentin' },
        { jobTitle: 'Praktikantin' },
      ],
      skills: { skills: ['TypeScript', 'Docker', 'SQL'] },
      languages: { languages: ['de', 'en', 'fr'], languagesFree: 'Suaheli' },
    });
  });

  it('limits imports per user and hour', async () => {
    const other = await createUser(db, { roles: ['applicant'] });
    const otherToken = await backend.tokenFor(other);
    const notACv = new Uint8Array([1, 2, 3, 4]);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(errorOf(await upload(notACv, 'cv.pdf', { token: otherToken })).code).toBe('BAD_USER_INPUT');
    }
    const refused = await upload(cvDocx(englishCv), 'cv.docx', { token: otherToken });
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.message).toBe('You have imported too many files. Please try again in an hour.');
  });
});
