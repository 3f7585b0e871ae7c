/**
 * Bookmarks and job alerts over GraphQL on both databases (issue 14): bookmarks are the viewer's own and
 * the brand's own; a refused alert sign-up names its fields and writes nothing; double opt-in; a digest
 * holds exactly the jobs published since the last one; two concurrent runs and a run that stopped after
 * claiming send each alert's period once; unsubscribing works with the signed token alone, a forged one
 * fails.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { createTranslator } from '../../src/i18n';
import {
  addBookmark,
  bookmarkedJobIds,
  bookmarks,
  confirmJobAlert,
  createJobAlert,
  deleteJobAlert,
  jobAlerts,
  removeBookmark,
  saveBookmarks,
  unsubscribeJobAlert,
  updateJobAlert,
} from '../../src/lib/operations/bookmarks-and-alerts';
import type { Database } from '../../src/server/db';
import { jobAlertDigests, jobAlerts as jobAlertRows } from '../../src/server/db/schema/alerts';
import { analyticsEvents } from '../../src/server/db/schema/analytics';
import { testDialects } from '../../src/server/db/testing';
import type { MailMessage } from '../../src/server/mail/send-mail';
import { signAlertToken } from '../../src/server/modules/job-alerts/alert-tokens';
import { sendJobAlertDigests } from '../../src/server/modules/job-alerts/send-job-alert-digests';
import { createTestBackend, testSecret, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createJob, createOrganization, createUser, uniqueEmail, type TestUser } from '../support/factories';
import { startMailServer, type TestMailServer } from '../support/mail';

const german = { frontend: 'tagblatt;de' };
const english = { frontend: 'jobregio;en-GB' };
const t = createTranslator('en-GB');
const day = 86_400_000;

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

/** A sender that keeps the digests instead of mailing them. */
function collector() {
  const sent: MailMessage[] = [];
  return { sent, send: (message: MailMessage) => Promise.resolve(void sent.push(message)) };
}

describe.each(testDialects)('bookmarks and job alerts on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let ann: TestUser;
  let bob: TestUser;
  let tagblattOrg: { id: number; name: string };
  let jobregioOrg: { id: number; name: string };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
    ann = await createUser(db, { roles: ['applicant'] });
    bob = await createUser(db, { roles: ['applicant'] });
    const tagblatt = await createOrganization(db, { name: 'Tagwerk GmbH', frontend: 'tagblatt' });
    const jobregio = await createOrganization(db, { name: 'Regio AG', frontend: 'jobregio' });
    tagblattOrg = { id: tagblatt.id, name: tagblatt.name };
    jobregioOrg = { id: jobregio.id, name: jobregio.name };
  }, 120_000);

  afterAll(async () => {
    await backend?.dispose();
  });

  const eventsOf = async (name: 'job_bookmark' | 'job_alert_signup', userId?: number) =>
    (
      await db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(
          userId === undefined
            ? eq(analyticsEvents.name, name)
            : and(eq(analyticsEvents.name, name), eq(analyticsEvents.userId, userId)),
        )
    )[0]?.n ?? 0;

  describe('bookmarks', () => {
    it('are the viewer’s own, of the brand they were made on, and record job_bookmark once', async () => {
      const job = await createJob(db, { organization: { ...tagblattOrg, frontend: 'tagblatt' } });
      const other = await createJob(db, { organization: { ...tagblattOrg, frontend: 'tagblatt' } });
      const foreign = await createJob(db, { organization: { ...jobregioOrg, frontend: 'jobregio' } });
      const annToken = await backend.tokenFor(ann);
      const bobToken = await backend.tokenFor(bob);

      const added = await backend.request(addBookmark, { jobId: job.id }, { token: annToken, headers: german });
      expect(added.body.errors).toBeUndefined();
      expect(added.body.data?.addBookmark).toEqual([job.id]);
      // Twice is once: one row, one event.
      await backend.request(addBookmark, { jobId: job.id }, { token: annToken, headers: german });
      expect(await eventsOf('job_bookmark', ann.id)).toBe(1);

      const listed = await backend.request(bookmarks, {}, { token: annToken, headers: german });
      expect(listed.body.data?.bookmarks.map((bookmark) => bookmark.jobId)).toEqual([job.id]);
      expect(listed.body.data?.bookmarks[0]).toMatchObject({
        title: job.title,
        organizationName: 'Tagwerk GmbH',
        url: `/job/${job.id}`,
        isAvailable: true,
      });

      // Bob sees none of Ann's.
      expect((await backend.request(bookmarks, {}, { token: bobToken, headers: german })).body.data?.bookmarks).toEqual(
        [],
      );
      const bobIds = await backend.request(
        bookmarkedJobIds,
        { jobIds: [job.id, other.id] },
        { token: bobToken, headers: german },
      );
      expect(bobIds.body.data?.bookmarkedJobIds).toEqual([]);
      const annIds = await backend.request(
        bookmarkedJobIds,
        { jobIds: [job.id, other.id] },
        { token: annToken, headers: german },
      );
      expect(annIds.body.data?.bookmarkedJobIds).toEqual([job.id]);

      // Another brand's job does not exist on this one; a bookmark made on jobregio is listed there only.
      const refused = await backend.request(addBookmark, { jobId: foreign.id }, { token: annToken, headers: german });
      expect(errorOf(refused.body).code).toBe('NOT_FOUND');
      await backend.request(addBookmark, { jobId: foreign.id }, { token: annToken, headers: english });
      expect(
        (await backend.request(bookmarks, {}, { token: annToken, headers: german })).body.data?.bookmarks.map(
          (bookmark) => bookmark.jobId,
        ),
      ).toEqual([job.id]);
      expect(
        (await backend.request(bookmarks, {}, { token: annToken, headers: english })).body.data?.bookmarks.map(
          (bookmark) => bookmark.jobId,
        ),
      ).toEqual([foreign.id]);

      // Removing: Bob cannot remove Ann's; Ann can, once.
      expect(
        (await backend.request(removeBookmark, { jobId: job.id }, { token: bobToken, headers: german })).body.data
          ?.removeBookmark,
      ).toBe(false);
      expect(
        (await backend.request(removeBookmark, { jobId: job.id }, { token: annToken, headers: german })).body.data
          ?.removeBookmark,
      ).toBe(true);
      expect(
        (await backend.request(removeBookmark, { jobId: job.id }, { token: annToken, headers: german })).body.data
          ?.removeBookmark,
      ).toBe(false);

      // Anonymous visitors keep bookmarks in the browser, not here.
      const anonymous = await backend.request(addBookmark, { jobId: job.id }, { headers: german });
      expect(errorOf(anonymous.body).code).toBe('UNAUTHENTICATED');
      const anonymousIds = await backend.request(bookmarkedJobIds, { jobIds: [job.id] }, { headers: german });
      expect(anonymousIds.body.data?.bookmarkedJobIds).toEqual([]);
    });

    it('saves the browser’s list after sign-in, skipping jobs that are gone, and lists archived ones as unavailable', async () => {
      const carol = await createUser(db, { roles: ['applicant'] });
      const token = await backend.tokenFor(carol);
      const open = await createJob(db, { organization: { ...tagblattOrg, frontend: 'tagblatt' } });
      const archived = await createJob(db, { organization: { ...tagblattOrg, frontend: 'tagblatt' } });
      const foreign = await createJob(db, { organization: { ...jobregioOrg, frontend: 'jobregio' } });
      const saved = await backend.request(
        saveBookmarks,
        { jobIds: [open.id, archived.id, foreign.id, 999_999] },
        { token, headers: german },
      );
      expect(saved.body.errors).toBeUndefined();
      expect([...(saved.body.data?.saveBookmarks ?? [])].sort()).toEqual([open.id, archived.id].sort());
      expect(await eventsOf('job_bookmark', carol.id)).toBe(2);

      const { jobs } = await import('../../src/server/db/schema/jobs');
      await db.update(jobs).set({ state: 'archived' }).where(eq(jobs.id, archived.id));
      const listed = await backend.request(bookmarks, {}, { token, headers: german });
      const byId = new Map(listed.body.data?.bookmarks.map((bookmark) => [bookmark.jobId, bookmark]));
      expect(byId.get(open.id)?.isAvailable).toBe(true);
      expect(byId.get(archived.id)?.isAvailable).toBe(false);

      const tooMany = await backend.request(
        saveBookmarks,
        { jobIds: Array.from({ length: 101 }, (_, index) => index + 1) },
        { token, headers: german },
      );
      expect(errorOf(tooMany.body).code).toBe('BAD_USER_INPUT');
    });
  });

  describe('job alerts', () => {
    const alertCount = async () => (await db.select({ n: count() }).from(jobAlertRows))[0]?.n ?? 0;
    const searchOf = (word: string) => ({ search: word });
    const signUp = (
      input: Record<string, unknown>,
      options: { token?: string; headers?: Record<string, string> } = {},
    ) =>
      backend.request(
        createJobAlert,
        { input: { frequency: 'daily', label: 'Jobs', searchPath: '/jobs', search: {}, ...input } },
        { headers: english, ...options },
      );

    it('refuses bad input field by field and writes nothing', async () => {
      const before = await alertCount();
      const mailsBefore = mail.mails.length;
      const { body } = await signUp({
        email: 'not-an-address',
        frequency: 'hourly',
        searchPath: '//evil.example/jobs',
        search: { location: { lat: 48.5, lon: 9.05, radius: 7 } },
      });
      const extensions = errorOf(body);
      expect(extensions.code).toBe('BAD_USER_INPUT');
      const fieldErrors = extensions.fieldErrors as Record<string, string>;
      expect(fieldErrors.email).toBe(t('account.error.emailInvalid'));
      expect(fieldErrors.frequency).toBe(t('jobAlert.error.frequency'));
      expect(fieldErrors.searchPath).toBe(t('jobAlert.error.search'));
      expect(fieldErrors['search.location.radius']).toMatch(/radius/);
      // Anonymous without an address: the address is asked for with the rest; "none" (paused) is no start.
      const missing = await signUp({ email: undefined, frequency: 'none' });
      expect(Object.keys(errorOf(missing.body).fieldErrors as object).sort()).toEqual(['email', 'frequency']);
      const noAddress = await signUp({ email: '' });
      expect((errorOf(noAddress.body).fieldErrors as Record<string, string>).email).toBe(
        t('account.error.emailInvalid'),
      );
      // In the visitor's language.
      const german = await signUp({ email: 'x' }, { headers: { frontend: 'tagblatt;de' } });
      expect((errorOf(german.body).fieldErrors as Record<string, string>).email).toBe(
        createTranslator('de')('account.error.emailInvalid'),
      );
      expect(await alertCount()).toBe(before);
      expect(mail.mails.length).toBe(mailsBefore);
    });

    it('double opt-in: an anonymous sign-up waits for its confirmation link; a forged token confirms nothing', async () => {
      const email = uniqueEmail('alert');
      const after = mail.mails.length;
      const { body } = await signUp({ email, label: 'Care jobs in Tübingen', search: searchOf('Pflege') });
      expect(body.errors).toBeUndefined();
      expect(body.data?.createJobAlert.needsConfirmation).toBe(true);
      expect(body.data?.createJobAlert.alert.isConfirmed).toBe(false);
      const confirmation = await mail.waitFor(email, { after });
      expect(confirmation.subject).toBe(t('mail.jobAlertConfirm.subject', { brand: brands.jobregio.name }));
      expect(confirmation.raw).toMatch(/^List-Unsubscribe:\s*<http:\/\/[^>]+\/api\/job-alerts\/unsubscribe\?token=/m);
      expect(confirmation.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      const link = new URL(/https?:\/\/\S+\/job-alerts\/confirm\?token=\S+/.exec(confirmation.text)![0]);
      const token = link.searchParams.get('token')!;

      const [row] = await db.select().from(jobAlertRows).where(eq(jobAlertRows.email, email));
      expect(row).toMatchObject({ confirmedAt: null, nextDigestAt: null, userId: null });
      // Not confirmed: no digest, however late.
      const early = collector();
      await sendJobAlertDigests({ db, secret: testSecret, now: new Date(Date.now() + 40 * day), send: early.send });
      expect(early.sent.filter((message) => message.to === email)).toEqual([]);

      const eventsBefore = await eventsOf('job_alert_signup');
      const forged = `${row!.id}.c.${'A'.repeat(43)}`;
      for (const bad of [forged, signAlertToken(testSecret, 'unsubscribe', row!), `${token}x`, 'garbage']) {
        const refused = await backend.request(confirmJobAlert, { token: bad }, { headers: english });
        expect(errorOf(refused.body).code).toBe('NOT_FOUND');
      }
      // Another brand does not know the alert.
      const elsewhere = await backend.request(confirmJobAlert, { token }, { headers: german });
      expect(errorOf(elsewhere.body).code).toBe('NOT_FOUND');
      expect((await db.select().from(jobAlertRows).where(eq(jobAlertRows.id, row!.id)))[0]?.confirmedAt).toBeNull();

      const confirmed = await backend.request(confirmJobAlert, { token }, { headers: english });
      expect(confirmed.body.data?.confirmJobAlert).toMatchObject({
        label: 'Care jobs in Tübingen',
        wasConfirmed: false,
      });
      const again = await backend.request(confirmJobAlert, { token }, { headers: english });
      expect(again.body.data?.confirmJobAlert.wasConfirmed).toBe(true);
      expect(await eventsOf('job_alert_signup')).toBe(eventsBefore + 1);
      const [active] = await db.select().from(jobAlertRows).where(eq(jobAlertRows.id, row!.id));
      expect(active!.confirmedAt).not.toBeNull();
      expect(active!.nextDigestAt!.getTime() - active!.confirmedAt!.getTime()).toBe(day);
    });

    it('signed in with a confirmed address: active at once, managed on the dashboard by its owner only', async () => {
      const annToken = await backend.tokenFor(ann);
      const bobToken = await backend.tokenFor(bob);
      const eventsBefore = await eventsOf('job_alert_signup', ann.id);
      const { body } = await signUp(
        { email: 'ignored@example.test', frequency: 'weekly', search: searchOf('Koch') },
        { token: annToken },
      );
      expect(body.data?.createJobAlert).toMatchObject({
        needsConfirmation: false,
        alert: { isConfirmed: true, email: ann.email, frequency: 'weekly' },
      });
      expect(await eventsOf('job_alert_signup', ann.id)).toBe(eventsBefore + 1);
      const id = body.data!.createJobAlert.alert.id;

      const listed = await backend.request(jobAlerts, {}, { token: annToken, headers: english });
      expect(listed.body.data?.jobAlerts.map((alert) => alert.id)).toContain(id);
      expect(
        (await backend.request(jobAlerts, {}, { token: bobToken, headers: english })).body.data?.jobAlerts,
      ).toEqual([]);
      expect((await backend.request(jobAlerts, {}, { token: annToken, headers: german })).body.data?.jobAlerts).toEqual(
        [],
      );

      const bobEdits = await backend.request(
        updateJobAlert,
        { id, input: { frequency: 'none' } },
        { token: bobToken, headers: english },
      );
      expect(errorOf(bobEdits.body).code).toBe('NOT_FOUND');
      const paused = await backend.request(
        updateJobAlert,
        { id, input: { frequency: 'none' } },
        { token: annToken, headers: english },
      );
      expect(paused.body.data?.updateJobAlert).toMatchObject({ frequency: 'none', nextDigestAt: null });
      const bad = await backend.request(
        updateJobAlert,
        { id, input: { frequency: 'yearly' } },
        { token: annToken, headers: english },
      );
      expect((errorOf(bad.body).fieldErrors as Record<string, string>).frequency).toBe(t('jobAlert.error.frequency'));
      const resumed = await backend.request(
        updateJobAlert,
        { id, input: { frequency: 'monthly' } },
        { token: annToken, headers: english },
      );
      expect(resumed.body.data?.updateJobAlert.frequency).toBe('monthly');

      expect(
        errorOf((await backend.request(deleteJobAlert, { id }, { token: bobToken, headers: english })).body).code,
      ).toBe('NOT_FOUND');
      expect(
        (await backend.request(deleteJobAlert, { id }, { token: annToken, headers: english })).body.data
          ?.deleteJobAlert,
      ).toBe(true);
    });

    /** A confirmed daily alert of jobregio whose last digest was at `since`. */
    async function dueAlert(options: { since: Date; search: Record<string, unknown>; email?: string }) {
      const [alert] = await db
        .insert(jobAlertRows)
        .values({
          frontend: 'jobregio',
          email: options.email ?? uniqueEmail('digest'),
          locale: 'en-GB',
          search: options.search,
          label: 'Test search',
          searchPath: '/en-GB/jobs?search=x',
          intervalSeconds: 86_400,
          tokenKey: `key-${Math.random()}`,
          confirmedAt: options.since,
          windowStart: options.since,
          nextDigestAt: new Date(options.since.getTime() + day),
        })
        .returning();
      return alert!;
    }

    it('a digest holds exactly the jobs published on its brand, matching its search, since the last digest', async () => {
      const word = `Zebrafink${dialect}`;
      const start = new Date(Date.now() - 3 * day);
      const alert = await dueAlert({ since: start, search: { search: word } });
      const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
      const regio = { ...jobregioOrg, frontend: 'jobregio' as const };
      await createJob(db, { organization: regio, title: `${word} before`, publishedAt: at(-60_000) });
      const first = await createJob(db, { organization: regio, title: `${word} one`, publishedAt: at(3_600_000) });
      const second = await createJob(db, { organization: regio, title: `${word} two`, publishedAt: at(day - 60_000) });
      await createJob(db, { organization: regio, title: 'Something else', publishedAt: at(3_600_000) });
      await createJob(db, {
        organization: { ...tagblattOrg, frontend: 'tagblatt' },
        title: `${word} other brand`,
        publishedAt: at(3_600_000),
      });
      await createJob(db, {
        organization: regio,
        title: `${word} archived`,
        publishedAt: at(3_600_000),
        state: 'archived',
      });
      const third = await createJob(db, {
        organization: regio,
        title: `${word} three`,
        publishedAt: at(day + 3_600_000),
      });

      const run1 = collector();
      const result1 = await sendJobAlertDigests({ db, secret: testSecret, now: at(day + 60_000), send: run1.send });
      expect(result1.claimed).toBeGreaterThanOrEqual(1);
      const mine1 = run1.sent.filter((message) => message.to === alert.email);
      expect(mine1).toHaveLength(1);
      const titles1 = [...mine1[0]!.text.matchAll(new RegExp(`${word} \\w+`, 'g'))].map((match) => match[0]);
      expect(titles1.sort()).toEqual([first.title, second.title].sort());
      expect(mine1[0]!.subject).toBe(t('mail.jobAlertDigest.subject', { count: 2, search: 'Test search' }));
      expect(mine1[0]!.text).toContain(`/en-GB/job/${first.id}`);
      expect(mine1[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mine1[0]!.headers?.['List-Unsubscribe']).toMatch(/\/api\/job-alerts\/unsubscribe\?token=/);

      // The same period again: nothing. The next period: only the job published since.
      const again = collector();
      await sendJobAlertDigests({ db, secret: testSecret, now: at(day + 120_000), send: again.send });
      expect(again.sent.filter((message) => message.to === alert.email)).toEqual([]);
      const run2 = collector();
      await sendJobAlertDigests({ db, secret: testSecret, now: at(2 * day + 60_000), send: run2.send });
      const mine2 = run2.sent.filter((message) => message.to === alert.email);
      expect(mine2).toHaveLength(1);
      expect([...mine2[0]!.text.matchAll(new RegExp(`${word} \\w+`, 'g'))].map((match) => match[0])).toEqual([
        third.title,
      ]);
      expect(mine2[0]!.subject).toBe(t('mail.jobAlertDigest.subjectOne', { search: 'Test search' }));
      // A period without new jobs sends nothing and is recorded as empty.
      const run3 = collector();
      await sendJobAlertDigests({ db, secret: testSecret, now: at(3 * day + 60_000), send: run3.send });
      expect(run3.sent.filter((message) => message.to === alert.email)).toEqual([]);
      const states = await db
        .select({ state: jobAlertDigests.state, jobCount: jobAlertDigests.jobCount })
        .from(jobAlertDigests)
        .where(eq(jobAlertDigests.alertId, alert.id));
      expect(states.map((row) => row.state).sort()).toEqual(['empty', 'sent', 'sent']);
    });

    it('the in-memory index finds the same jobs of a window as the database', async () => {
      const word = `Albatros${dialect}`;
      const start = new Date(Date.now() - 2 * day);
      const regio = { ...jobregioOrg, frontend: 'jobregio' as const };
      const alerts = [
        await dueAlert({ since: start, search: { search: word } }),
        await dueAlert({ since: start, search: { search: word } }),
      ];
      await createJob(db, {
        organization: regio,
        title: `${word} early`,
        publishedAt: new Date(start.getTime() - 1000),
      });
      const inside = await createJob(db, {
        organization: regio,
        title: `${word} inside`,
        publishedAt: new Date(start.getTime() + 1000),
      });
      await createJob(db, {
        organization: regio,
        title: `${word} late`,
        publishedAt: new Date(start.getTime() + day + 5000),
      });
      const run = collector();
      await sendJobAlertDigests({
        db,
        secret: testSecret,
        now: new Date(start.getTime() + day + 1000),
        send: run.send,
        engine: 'index',
      });
      for (const alert of alerts) {
        const mine = run.sent.filter((message) => message.to === alert.email);
        expect(mine).toHaveLength(1);
        expect([...mine[0]!.text.matchAll(new RegExp(`${word} \\w+`, 'g'))].map((match) => match[0])).toEqual([
          inside.title,
        ]);
      }
    });

    it('the digest mail arrives over SMTP with its unsubscribe headers', async () => {
      const word = `Kolibri${dialect}`;
      const start = new Date(Date.now() - 2 * day);
      const alert = await dueAlert({ since: start, search: { search: word } });
      const job = await createJob(db, {
        organization: { ...jobregioOrg, frontend: 'jobregio' },
        title: `${word} Nurse`,
        publishedAt: new Date(start.getTime() + 3_600_000),
      });
      const after = mail.mails.length;
      await sendJobAlertDigests({ db, secret: testSecret, now: new Date(start.getTime() + day + 1000) });
      const received = await mail.waitFor(alert.email, { after });
      expect(received.text).toContain(job.title);
      expect(received.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(received.raw).toMatch(/^Message-ID: <job-alert-digest-\d+@/im);
    });

    async function dueAlerts(amount: number, word: string) {
      const start = new Date(Date.now() - 2 * day);
      const alerts = [];
      for (let index = 0; index < amount; index++)
        alerts.push(await dueAlert({ since: start, search: { search: word } }));
      await createJob(db, {
        organization: { ...jobregioOrg, frontend: 'jobregio' },
        title: `${word} job`,
        publishedAt: new Date(start.getTime() + 3_600_000),
      });
      return { alerts, runAt: new Date(start.getTime() + day + 1000) };
    }

    const countByAddress = (messages: MailMessage[], addresses: string[]) =>
      addresses.map((address) => messages.filter((message) => message.to === address).length);

    it('two concurrent runs send each alert once', async () => {
      const { alerts, runAt } = await dueAlerts(24, `Papagei${dialect}`);
      const one = collector();
      const two = collector();
      const [first, second] = await Promise.all([
        sendJobAlertDigests({ db, secret: testSecret, now: runAt, batchSize: 5, send: one.send }),
        sendJobAlertDigests({ db, secret: testSecret, now: runAt, batchSize: 5, send: two.send }),
      ]);
      const addresses = alerts.map((alert) => alert.email);
      expect(countByAddress([...one.sent, ...two.sent], addresses)).toEqual(addresses.map(() => 1));
      expect(first.claimed + second.claimed).toBeGreaterThanOrEqual(24);
    });

    it('a run that stops after claiming sends no duplicate when the runner starts again', async () => {
      const { alerts, runAt } = await dueAlerts(20, `Pinguin${dialect}`);
      const addresses = alerts.map((alert) => alert.email);
      const crashed = collector();
      let batches = 0;
      await expect(
        sendJobAlertDigests({
          db,
          secret: testSecret,
          now: runAt,
          batchSize: 5,
          concurrency: 1,
          send: crashed.send,
          afterClaim: () => {
            // The worker dies after claiming its second batch, before sending any of it.
            if (++batches === 2) throw new Error('killed');
          },
        }),
      ).rejects.toThrow('killed');
      const sentBefore = countByAddress(crashed.sent, addresses).reduce((sum, n) => sum + n, 0);
      expect(sentBefore).toBeGreaterThan(0);
      expect(sentBefore).toBeLessThan(20);

      // Within the lease another run leaves the claimed digests alone (the worker may still be sending).
      const soon = collector();
      await sendJobAlertDigests({ db, secret: testSecret, now: runAt, send: soon.send });
      // After the lease the restarted runner takes them over and claims the rest.
      const restarted = collector();
      const result = await sendJobAlertDigests({
        db,
        secret: testSecret,
        now: new Date(runAt.getTime() + 16 * 60_000),
        send: restarted.send,
      });
      expect(result.resumed).toBeGreaterThan(0);
      const all = [...crashed.sent, ...soon.sent, ...restarted.sent];
      expect(countByAddress(all, addresses)).toEqual(addresses.map(() => 1));
      const later = collector();
      await sendJobAlertDigests({
        db,
        secret: testSecret,
        now: new Date(runAt.getTime() + 40 * 60_000),
        send: later.send,
      });
      expect(countByAddress(later.sent, addresses)).toEqual(addresses.map(() => 0));
    });

    it('unsubscribes with the signed token alone; a forged token fails and deletes nothing', async () => {
      const alert = await dueAlert({ since: new Date(), search: {} });
      const forgedSignature = `${alert.id}.u.${'B'.repeat(43)}`;
      const otherAlert = await dueAlert({ since: new Date(), search: {} });
      const otherToken = signAlertToken(testSecret, 'unsubscribe', otherAlert);
      const swappedId = otherToken.replace(/^\d+/, String(alert.id));
      const wrongSecret = signAlertToken(
        new TextEncoder().encode('another-secret-0123456789abcdefghij'),
        'unsubscribe',
        alert,
      );
      for (const token of [forgedSignature, swappedId, wrongSecret, signAlertToken(testSecret, 'confirm', alert)]) {
        const { body } = await backend.request(unsubscribeJobAlert, { token }, { headers: english });
        expect(errorOf(body).code).toBe('NOT_FOUND');
      }
      expect((await db.select().from(jobAlertRows).where(eq(jobAlertRows.id, alert.id))).length).toBe(1);

      const token = signAlertToken(testSecret, 'unsubscribe', alert);
      const { body } = await backend.request(unsubscribeJobAlert, { token }, { headers: english });
      expect(body.errors).toBeUndefined();
      expect(body.data?.unsubscribeJobAlert.label).toBe('Test search');
      expect((await db.select().from(jobAlertRows).where(eq(jobAlertRows.id, alert.id))).length).toBe(0);
      expect((await db.select().from(jobAlertRows).where(eq(jobAlertRows.id, otherAlert.id))).length).toBe(1);
    });
  });
});
