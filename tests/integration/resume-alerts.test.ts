/**
 * Resume alerts (issue 17 part 5): a recruiter saves a resume search as an alert with an interval of SPEC 9,
 * changes and deletes it; nobody else reads or changes it (straight against GraphQL); the digest lists the
 * resumes newly shown to recruiters that match, anonymised (no private field, no e-mail), sends nothing
 * when nothing is new and keeps the interval. On both databases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  saveResumeJobPreferences,
  saveResumePersonalInfo,
  saveResumeSkills,
  setResumeVisibility,
} from '../../src/features/resumes/operations';
import {
  createResumeAlert,
  deleteResumeAlert,
  resumeAlert,
  resumeAlerts,
  unsubscribeResumeAlert,
  updateResumeAlert,
} from '../../src/lib/operations/resume-alerts';
import type { Database } from '../../src/server/db';
import { resumeAlertDigests, resumeAlerts as resumeAlertsTable } from '../../src/server/db/schema/alerts';
import { testDialects } from '../../src/server/db/testing';
import type { MailMessage } from '../../src/server/mail/send-mail';
import { sendResumeAlertDigests } from '../../src/server/modules/resume-alerts/send-resume-alert-digests';
import { createTestBackend, testSecret, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser, type TestUser } from '../support/factories';

const english = { frontend: 'jobregio;en-GB' };
const german = { frontend: 'jobregio;de' };
const tagblatt = { frontend: 'tagblatt;de' };
const day = 86_400_000;

const errorOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions ?? {};

function collector() {
  const mails: MailMessage[] = [];
  return {
    mails,
    send: (message: MailMessage) => {
      mails.push(message);
      return Promise.resolve();
    },
  };
}

describe.each(testDialects)('resume alerts on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let recruiter: TestUser;
  let rival: TestUser;
  let lone: TestUser;
  let applicantUser: TestUser;
  let recruiterToken: string;
  let rivalToken: string;
  let unsubscribeToken = '';

  const search = (text: string) => ({
    frequency: 'daily',
    label: `CVs: ${text}`,
    searchPath: `/cvs?search=${text}`,
    search: { search: text, radius: 100 },
  });

  /** An applicant with a visible resume (personal info with private fields, preferences, skills). */
  async function showResume(skill: string, occupation: string, visible = true) {
    const user = await createUser(db, { roles: ['applicant'] });
    const token = await backend.tokenFor(user);
    const options = { token, headers: english };
    const saved = await backend.request(
      saveResumePersonalInfo,
      {
        input: {
          salutation: 'ms',
          firstName: 'Greta',
          lastName: 'Privatmann',
          birthday: '1990-04-01',
          homeLocation: 'Freiburg-Wiehre',
        },
      },
      options,
    );
    expect(saved.body.errors).toBeUndefined();
    const preferences = await backend.request(
      saveResumeJobPreferences,
      {
        input: {
          title: `${occupation} profile`,
          desiredOccupation: occupation,
          employmentType: ['full_time'],
          desiredLocation: 'Freiburg im Breisgau',
          careerStatus: 'professional',
          availabilityPeriods: [],
        },
      },
      options,
    );
    expect(preferences.body.errors).toBeUndefined();
    expect(
      (await backend.request(saveResumeSkills, { input: { skills: [skill] } }, options)).body.errors,
    ).toBeUndefined();
    if (visible) {
      const shown = await backend.request(setResumeVisibility, { visible: true }, options);
      expect(shown.body.errors).toBeUndefined();
    }
    return { user, id: saved.body.data!.saveResumePersonalInfo.id };
  }

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    recruiter = await createUser(db, { roles: ['recruiter'] });
    rival = await createUser(db, { roles: ['recruiter'] });
    lone = await createUser(db, { roles: ['recruiter'] });
    applicantUser = await createUser(db, { roles: ['applicant'] });
    await createOrganization(db, { frontend: 'jobregio', owner: recruiter, activeFor: [recruiter] });
    await createOrganization(db, { frontend: 'jobregio', owner: rival, activeFor: [rival] });
    recruiterToken = await backend.tokenFor(recruiter);
    rivalToken = await backend.tokenFor(rival);
  }, 120_000);

  afterAll(async () => {
    await backend?.dispose();
  });

  it('creates, lists, changes and deletes a recruiter’s alert', async () => {
    const created = await backend.request(
      createResumeAlert,
      { input: search('Gardening') },
      { token: recruiterToken, headers: english },
    );
    expect(created.body.errors).toBeUndefined();
    const alert = created.body.data!.createResumeAlert;
    expect(alert).toMatchObject({ label: 'CVs: Gardening', frequency: 'daily' });
    const [stored] = await db.select().from(resumeAlertsTable).where(eq(resumeAlertsTable.id, alert.id));
    expect(stored).toMatchObject({
      userId: recruiter.id,
      intervalSeconds: 86400,
      search: { search: 'Gardening', radius: 100 },
    });

    const list = await backend.request(resumeAlerts, {}, { token: recruiterToken, headers: english });
    expect(list.body.data!.resumeAlerts.map((item) => item.id)).toContain(alert.id);

    const weekly = await backend.request(
      updateResumeAlert,
      { id: alert.id, input: { frequency: 'weekly' } },
      { token: recruiterToken, headers: english },
    );
    expect(weekly.body.data!.updateResumeAlert.frequency).toBe('weekly');
    const paused = await backend.request(
      updateResumeAlert,
      { id: alert.id, input: { frequency: 'none' } },
      { token: recruiterToken, headers: english },
    );
    expect(paused.body.data!.updateResumeAlert).toMatchObject({ frequency: 'none', nextDigestAt: null });

    const read = await backend.request(resumeAlert, { id: alert.id }, { token: recruiterToken, headers: english });
    expect(read.body.data!.resumeAlert.frequency).toBe('none');

    const deleted = await backend.request(
      deleteResumeAlert,
      { id: alert.id },
      { token: recruiterToken, headers: english },
    );
    expect(deleted.body.data!.deleteResumeAlert).toBe(true);
    expect(await db.select().from(resumeAlertsTable).where(eq(resumeAlertsTable.id, alert.id))).toEqual([]);
  });

  it('refuses bad input per field in the visitor’s language and writes nothing', async () => {
    const before = (await db.select().from(resumeAlertsTable)).length;
    const refused = await backend.request(
      createResumeAlert,
      {
        input: { frequency: 'hourly', label: ' ', searchPath: 'https://elsewhere.example/cvs', search: { radius: 7 } },
      },
      { token: recruiterToken, headers: german },
    );
    expect(errorOf(refused.body).code).toBe('BAD_USER_INPUT');
    expect(errorOf(refused.body).fieldErrors).toMatchObject({
      frequency: 'Bitte wählen Sie, wie oft Sie Mails erhalten möchten.',
      label: 'Diese Suche kann nicht gespeichert werden.',
      searchPath: 'Diese Suche kann nicht gespeichert werden.',
    });
    expect(Object.keys(errorOf(refused.body).fieldErrors as object)).toContain('search.radius');
    const pausedAtStart = await backend.request(
      createResumeAlert,
      { input: { ...search('x'), frequency: 'none' } },
      { token: recruiterToken, headers: english },
    );
    expect(errorOf(pausedAtStart.body).code).toBe('BAD_USER_INPUT');
    expect((await db.select().from(resumeAlertsTable)).length).toBe(before);
  });

  it('lets no one else read, change or delete an alert, and only recruiters with an organization create one', async () => {
    const created = await backend.request(
      createResumeAlert,
      { input: search('Carpentry') },
      { token: recruiterToken, headers: english },
    );
    const id = created.body.data!.createResumeAlert.id;
    const asRival = { token: rivalToken, headers: english };
    expect(errorOf((await backend.request(resumeAlert, { id }, asRival)).body).code).toBe('NOT_FOUND');
    expect(
      errorOf((await backend.request(updateResumeAlert, { id, input: { frequency: 'monthly' } }, asRival)).body).code,
    ).toBe('NOT_FOUND');
    expect(errorOf((await backend.request(deleteResumeAlert, { id }, asRival)).body).code).toBe('NOT_FOUND');
    expect((await backend.request(resumeAlerts, {}, asRival)).body.data!.resumeAlerts).toEqual([]);
    // Anonymous, an applicant, a recruiter without organization, another brand.
    expect(errorOf((await backend.request(resumeAlert, { id }, { headers: english })).body).code).toBe(
      'UNAUTHENTICATED',
    );
    const applicantToken = await backend.tokenFor(applicantUser);
    expect(
      errorOf((await backend.request(resumeAlert, { id }, { token: applicantToken, headers: english })).body).code,
    ).toBe('NOT_FOUND');
    expect(
      errorOf(
        (await backend.request(createResumeAlert, { input: search('x') }, { token: applicantToken, headers: english }))
          .body,
      ).code,
    ).toBe('FORBIDDEN');
    const loneToken = await backend.tokenFor(lone);
    expect(
      errorOf(
        (await backend.request(createResumeAlert, { input: search('x') }, { token: loneToken, headers: english })).body,
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      errorOf((await backend.request(resumeAlert, { id }, { token: recruiterToken, headers: tagblatt })).body).code,
    ).toBe('NOT_FOUND');
    const [stored] = await db.select().from(resumeAlertsTable).where(eq(resumeAlertsTable.id, id));
    expect(stored!.intervalSeconds).toBe(86400);
    await db.delete(resumeAlertsTable).where(eq(resumeAlertsTable.id, id));
  });

  it('mails new matching resumes once, anonymised, nothing when nothing is new, and keeps the interval', async () => {
    const start = Date.now();
    const daily = (
      await backend.request(
        createResumeAlert,
        { input: search('Beekeeping') },
        { token: recruiterToken, headers: english },
      )
    ).body.data!.createResumeAlert;
    const weekly = (
      await backend.request(
        createResumeAlert,
        { input: { ...search('Beekeeping'), frequency: 'weekly', label: 'Weekly bees' } },
        { token: rivalToken, headers: english },
      )
    ).body.data!.createResumeAlert;
    const match = await showResume('Beekeeping', 'Apiarist');
    await showResume('Welding', 'Welder');
    const hidden = await showResume('Beekeeping', 'Hidden apiarist', false);

    const early = collector();
    await sendResumeAlertDigests({ db, secret: testSecret, now: new Date(start + day / 2), send: early.send });
    expect(early.mails).toEqual([]);

    const first = collector();
    const result = await sendResumeAlertDigests({
      db,
      secret: testSecret,
      now: new Date(start + day + 60_000),
      send: first.send,
    });
    expect(result).toMatchObject({ claimed: 1, sent: 1, failed: 0 });
    expect(first.mails).toHaveLength(1);
    const [mail] = first.mails;
    expect(mail!.to).toBe(recruiter.email);
    expect(mail!.subject).toBe('1 new CV for “CVs: Beekeeping”');
    expect(mail!.text).toContain('Apiarist');
    expect(mail!.text).toContain(`/en-GB/cv/${match.id}`);
    expect(mail!.text).toContain(`/resume-alert/edit/${daily.id}`);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    expect(oneClick.pathname).toBe('/api/resume-alerts/unsubscribe');
    unsubscribeToken = oneClick.searchParams.get('token')!;
    expect(mail!.text).not.toContain('Welder');
    expect(mail!.text).not.toContain('Hidden apiarist');
    expect(mail!.text).not.toContain(`/en-GB/cv/${hidden.id}`);
    for (const secret of ['Greta', 'Privatmann', 'Freiburg-Wiehre', '1990', match.user.email]) {
      expect(mail!.text).not.toContain(secret);
      expect(mail!.subject).not.toContain(secret);
    }

    // Within the period nothing is due; the next period has nothing new: no mail, an empty digest.
    const again = collector();
    await sendResumeAlertDigests({ db, secret: testSecret, now: new Date(start + day + 120_000), send: again.send });
    const next = collector();
    const nextResult = await sendResumeAlertDigests({
      db,
      secret: testSecret,
      now: new Date(start + 2 * day + 60_000),
      send: next.send,
    });
    expect(again.mails).toEqual([]);
    expect(next.mails).toEqual([]);
    expect(nextResult).toMatchObject({ claimed: 1, sent: 0, empty: 1 });
    const digests = await db.select().from(resumeAlertDigests).where(eq(resumeAlertDigests.alertId, daily.id));
    expect(digests.map((digest) => digest.state).sort()).toEqual(['empty', 'sent']);

    // The weekly alert: nothing before its week, then the same resume once.
    const weekMail = collector();
    await sendResumeAlertDigests({
      db,
      secret: testSecret,
      now: new Date(start + 7 * day + 60_000),
      send: weekMail.send,
    });
    expect(weekMail.mails.filter((message) => message.to === rival.email)).toHaveLength(1);
    expect(weekMail.mails.find((message) => message.to === rival.email)!.text).toContain(`/en-GB/cv/${match.id}`);
    expect(weekly.frequency).toBe('weekly');
  });

  it('unsubscribes with the signed token of the mail, without signing in; a forged token changes nothing', async () => {
    const [alertRow] = await db.select().from(resumeAlertsTable).where(eq(resumeAlertsTable.userId, recruiter.id));
    expect(alertRow).toBeDefined();
    const forged = await backend.request(
      unsubscribeResumeAlert,
      { token: `${unsubscribeToken.slice(0, -4)}AAAA` },
      { headers: english },
    );
    expect(errorOf(forged.body).code).toBe('NOT_FOUND');
    const done = await backend.request(unsubscribeResumeAlert, { token: unsubscribeToken }, { headers: english });
    expect(done.body.data?.unsubscribeResumeAlert).toBe(true);
    expect(await db.select().from(resumeAlertsTable).where(eq(resumeAlertsTable.userId, recruiter.id))).toEqual([]);
    const again = await backend.request(unsubscribeResumeAlert, { token: unsubscribeToken }, { headers: english });
    expect(errorOf(again.body).code).toBe('NOT_FOUND');
  });

  it('limits how many alerts a recruiter creates an hour', async () => {
    let refusedCode: unknown = null;
    for (let index = 0; index < 25 && refusedCode === null; index += 1) {
      const response = await backend.request(
        createResumeAlert,
        { input: search(`limit${index}`) },
        { token: recruiterToken, headers: english },
      );
      if (response.body.errors) refusedCode = errorOf(response.body).code;
    }
    expect(refusedCode).toBe('RATE_LIMITED');
  });
});
