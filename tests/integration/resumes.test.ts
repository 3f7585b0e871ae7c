/**
 * Resumes over GraphQL on both databases (issue 17): the applicant saves every section through its schema
 * (bad input names the field, in the visitor's language, and writes nothing); hidden fields of SPEC 9 are
 * never changed; the visibility toggle; a recruiter reads a visible resume without any private field or
 * e-mail; another applicant, an anonymous visitor and a brand without resumes get NOT_FOUND.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCredits } from '../../src/features/account/operations';
import { getCreditLedger } from '../../src/features/commerce/operations';
import { creditBalances, creditReservations } from '../../src/server/db/schema/commerce';
import { ledgerBalance, postLedgerEntry } from '../../src/server/modules/commerce/ledger';
import { startMailServer, type TestMailServer } from '../support/mail';
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
  decideResumeContactRequest,
  myResumeContactRequests,
  revokeResumeContactRequest,
  searchResumes,
  sendResumeContactRequest,
  sentResumeContactRequests,
  setResumeVisibility,
  uploadResumeAttachment,
} from '../../src/features/resumes/operations';
import type { Database } from '../../src/server/db';
import { resumeContactRequests, resumePrivate, resumes } from '../../src/server/db/schema/resumes';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser, type TestUser } from '../support/factories';
import { organizations as organizationsTable } from '../../src/server/db/schema/organizations';

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

let mail: TestMailServer;
const previousSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
});

afterAll(async () => {
  await mail?.stop();
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
});

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

  it('keeps an attachment only when its first bytes prove its extension (the one upload check)', async () => {
    const previousUploadDir = process.env.UPLOAD_DIR;
    const uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-resume-files-'));
    process.env.UPLOAD_DIR = uploadDir;
    try {
      const send = async (bytes: Uint8Array<ArrayBuffer>, fileName: string) => {
        const form = new FormData();
        form.set('operations', JSON.stringify({ query: uploadResumeAttachment.query, variables: { file: null } }));
        form.set('map', JSON.stringify({ 0: ['variables.file'] }));
        form.set('0', new File([bytes], fileName));
        const response = await backend.server.fetch('http://localhost/graphql', {
          method: 'POST',
          headers: { ...jobregio, authorization: `Bearer ${token}` },
          body: form,
        });
        return (await response.json()) as GraphQLResponseBody<{ uploadResumeAttachment: { fileName: string } }>;
      };
      const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
      const accepted = await send(pdf, 'Zeugnis.pdf');
      expect(accepted.errors).toBeUndefined();
      expect(accepted.data?.uploadResumeAttachment.fileName).toBe('Zeugnis.pdf');
      expect(errorOf(await send(pdf, 'Zeugnis.png')).fieldErrors).toEqual({
        file: 'The file’s content does not match its extension.',
      });
      expect(errorOf(await send(pdf, 'Zeugnis.svg')).fieldErrors).toEqual({
        file: 'Allowed are PDF, JPG, PNG and WEBP.',
      });
      expect(errorOf(await send(new Uint8Array(0), 'leer.pdf')).fieldErrors).toEqual({ file: 'The file is empty.' });
    } finally {
      if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
      else process.env.UPLOAD_DIR = previousUploadDir;
      await rm(uploadDir, { recursive: true, force: true });
    }
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
      await backend.request(
        saveResumeSkills,
        { input: { skills: ['Kotlin', 'Docker'] } },
        { token: userToken, headers },
      );
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

  it('contact requests: reserved when sent, booked on approval, released on decline; contact data only after approval', async () => {
    const recruiterToken = await backend.tokenFor(recruiter);
    const [organization] = await db
      .select()
      .from(organizationsTable)
      .where(eq(organizationsTable.ownerUserId, recruiter.id));
    const rival = await createUser(db, { roles: ['recruiter'] });
    await createOrganization(db, { frontend: 'jobregio', owner: rival, activeFor: [rival] });
    const rivalToken = await backend.tokenFor(rival);
    const otherToken = await backend.tokenFor(other);
    const credits = () =>
      db
        .select({ amount: creditBalances.amount })
        .from(creditBalances)
        .where(eq(creditBalances.organizationId, organization!.id))
        .then((rows) => rows[0]?.amount);
    // Credits come as grant entries of the ledger (decision 0020), never by writing the balance.
    let grants = 0;
    const grant = (amount: number) =>
      postLedgerEntry(db, {
        organizationId: organization!.id,
        frontend: 'jobregio',
        kind: 'resume_contacts',
        amount,
        reason: 'grant',
        idempotencyKey: `resumes-test:${organization!.id}:${(grants += 1)}`,
      });
    const heldReservations = () =>
      db
        .select()
        .from(creditReservations)
        .where(and(eq(creditReservations.organizationId, organization!.id), eq(creditReservations.state, 'held')));

    // Without a credit: refused, nothing written.
    const none = await backend.request(
      sendResumeContactRequest,
      { resumeId, message: 'Hallo' },
      { token: recruiterToken, headers: jobregio },
    );
    expect(errorOf(none.body).code).toBe('QUOTA_EXCEEDED');
    expect(none.body.errors?.[0]?.message).toBe(
      'Your organisation has no resume contacts left. Please contact us to get more.',
    );
    expect(await db.select().from(resumeContactRequests)).toEqual([]);
    await grant(1);
    const empty = await backend.request(
      sendResumeContactRequest,
      { resumeId, message: ' ' },
      { token: recruiterToken, headers: jobregio },
    );
    expect(errorOf(empty.body).fieldErrors).toEqual({ message: 'Please write a message.' });

    // Two resumes, one credit, two concurrent requests: exactly one is reserved.
    const kotlin = (
      await backend.request(
        searchResumes,
        { input: { search: 'kotlin', place: 'Bayern' } },
        { token: recruiterToken, headers: jobregio },
      )
    ).body.data!.searchResumes;
    const otherResume = kotlin.items[0]!.id;
    const [first, second] = await Promise.all([
      backend.request(
        sendResumeContactRequest,
        { resumeId, message: 'We would like to meet you.' },
        { token: recruiterToken, headers: jobregio },
      ),
      backend.request(
        sendResumeContactRequest,
        { resumeId: otherResume, message: 'Hello' },
        { token: recruiterToken, headers: jobregio },
      ),
    ]);
    const codes = [first, second].map((answer) => (answer.body.errors ? errorOf(answer.body).code : 'ok')).sort();
    expect(codes).toEqual(['QUOTA_EXCEEDED', 'ok']);
    const reservations = await db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.organizationId, organization!.id));
    expect(reservations.map((row) => row.state)).toEqual(['held']);
    // The held credit is spent from the shown balance until the request is declined, revoked or expires.
    expect(await credits()).toBe(0);
    // Make sure Greta's resume holds the request (whichever won).
    const request = first.body.data?.sendResumeContactRequest ?? null;
    let requestId: number;
    if (request) requestId = request.id;
    else {
      const winner = second.body.data!.sendResumeContactRequest.id;
      const withdrawn = await backend.request(
        revokeResumeContactRequest,
        { id: winner },
        { token: recruiterToken, headers: jobregio },
      );
      expect(withdrawn.body.data?.revokeResumeContactRequest.status).toBe('revoked');
      expect(await credits()).toBe(1);
      const retry = await backend.request(
        sendResumeContactRequest,
        { resumeId, message: 'We would like to meet you.' },
        { token: recruiterToken, headers: jobregio },
      );
      requestId = retry.body.data!.sendResumeContactRequest.id;
    }
    // Sending again answers the same request: no second reservation.
    const again = await backend.request(
      sendResumeContactRequest,
      { resumeId, message: 'Again' },
      { token: recruiterToken, headers: jobregio },
    );
    expect(again.body.data?.sendResumeContactRequest.id).toBe(requestId);
    expect(await heldReservations()).toHaveLength(1);
    expect(await credits()).toBe(0);

    const received = await mail.waitFor(applicant.email);
    expect(received.subject).toContain(organization!.name);
    expect(received.text).toContain('We would like to meet you.');

    // Pending: still no contact data for anybody but the owner, through every resume query.
    const leakCheck = async () => {
      for (const [viewer, options] of [
        ['recruiter', { token: recruiterToken, headers: jobregio }],
        ['rival recruiter', { token: rivalToken, headers: jobregio }],
        ['another applicant', { token: otherToken, headers: jobregio }],
        ['anonymous', { headers: jobregio }],
      ] as const) {
        const answers = [
          await backend.request(resumeById, { id: resumeId }, options),
          await backend.request(searchResumes, { input: { search: 'kotlin' } }, options),
          await backend.request(searchResumes, { input: {} }, options),
          await backend.request(sentResumeContactRequests, {}, options),
          await backend.request(myResumeContactRequests, {}, options),
          await backend.request(myResume, {}, options),
        ];
        const text = JSON.stringify(answers.map((answer) => answer.body));
        for (const secret of ['Greta', 'Privatmann', '1990-04-01', 'Freiburg-Wiehre', applicant.email]) {
          expect(text, `${viewer}: ${secret}`).not.toContain(secret);
        }
      }
    };
    await leakCheck();
    const mine = (await backend.request(myResumeContactRequests, {}, { token, headers: jobregio })).body.data!;
    expect(mine.myResumeContactRequests[0]).toMatchObject({
      id: requestId,
      status: 'pending',
      organizationName: organization!.name,
    });
    // Only the owner decides.
    const foreign = await backend.request(
      decideResumeContactRequest,
      { id: requestId, approve: true },
      { token: recruiterToken, headers: jobregio },
    );
    expect(errorOf(foreign.body).code).toBe('NOT_FOUND');

    const approved = await backend.request(
      decideResumeContactRequest,
      { id: requestId, approve: true },
      { token, headers: jobregio },
    );
    expect(approved.body.data?.decideResumeContactRequest.status).toBe('approved');
    expect(await credits()).toBe(0);
    const seen = (await backend.request(resumeById, { id: resumeId }, { token: recruiterToken, headers: jobregio }))
      .body.data!;
    expect(seen.resume.contact).toMatchObject({ firstName: 'Greta', lastName: 'Privatmann', email: applicant.email });
    // The rival organization still sees nothing.
    const rivalView = await backend.request(resumeById, { id: resumeId }, { token: rivalToken, headers: jobregio });
    expect(rivalView.body.data?.resume.contact).toBeNull();
    const history = (
      await backend.request(sentResumeContactRequests, { resumeId }, { token: recruiterToken, headers: jobregio })
    ).body.data!;
    expect(history.sentResumeContactRequests.map((item) => item.status)).toContain('approved');

    // The applicant withdraws the approval: the contact data is gone again; the booked contact stays spent.
    const revoked = await backend.request(revokeResumeContactRequest, { id: requestId }, { token, headers: jobregio });
    expect(revoked.body.data?.revokeResumeContactRequest.status).toBe('revoked');
    expect(
      (await backend.request(resumeById, { id: resumeId }, { token: recruiterToken, headers: jobregio })).body.data
        ?.resume.contact,
    ).toBeNull();
    await leakCheck();

    // A decline and an expiry give the credit back.
    await grant(1);
    const declinedRequest = (
      await backend.request(
        sendResumeContactRequest,
        { resumeId, message: 'Second try' },
        { token: recruiterToken, headers: jobregio },
      )
    ).body.data!.sendResumeContactRequest;
    await backend.request(
      decideResumeContactRequest,
      { id: declinedRequest.id, approve: false },
      { token, headers: jobregio },
    );
    const expiring = (
      await backend.request(
        sendResumeContactRequest,
        { resumeId, message: 'Third try' },
        { token: recruiterToken, headers: jobregio },
      )
    ).body.data!.sendResumeContactRequest;
    expect(expiring.status).toBe('pending');
    await db
      .update(resumeContactRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resumeContactRequests.id, expiring.id));
    const states = async () =>
      (
        await backend.request(sentResumeContactRequests, { resumeId }, { token: recruiterToken, headers: jobregio })
      ).body.data!.sentResumeContactRequests.map((item) => item.status);
    expect(await states()).toEqual(['expired', 'declined', 'revoked']);
    expect(await credits()).toBe(1);
    expect(await heldReservations()).toEqual([]);

    // After a sent + approved and a sent + declined (and an expired) request, the balance the organization is
    // shown equals the sum of its ledger, as the ledger query pages it and as the database sums it.
    const shown = (await backend.request(getCredits, {}, { token: recruiterToken, headers: jobregio })).body.data!
      .getCredits;
    const ledger = (
      await backend.request(
        getCreditLedger,
        { kind: 'resume_contacts', limit: 100 },
        { token: recruiterToken, headers: jobregio },
      )
    ).body.data!.getCreditLedger;
    expect(ledger.total).toBe(ledger.entries.length);
    expect(ledger.entries.map((entry) => entry.reason)).toEqual(
      expect.arrayContaining(['grant', 'contact_request', 'refund']),
    );
    const ledgerSum = ledger.entries.reduce((sum, entry) => sum + entry.amount, 0);
    expect(shown.find((balance) => balance.type === 'resume_contacts')?.amount).toBe(ledgerSum);
    expect(ledgerSum).toBe(1);
    expect(
      await ledgerBalance(db, { organizationId: organization!.id, frontend: 'jobregio', kind: 'resume_contacts' }),
    ).toBe(ledgerSum);
  });
});
