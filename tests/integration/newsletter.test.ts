/**
 * The newsletter over GraphQL on both databases (issue 19): double opt-in with a signed link, the consent
 * text and revision recorded as a consent record (proven by the link, withdrawn by unsubscribing), one-click
 * unsubscribe without signing in, the staff-only export of confirmed subscribers, bad input, rate limits,
 * the brand flag and brand isolation of the links.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import {
  confirmNewsletter,
  newsletterConsent,
  newsletterSubscribers,
  newsletterSubscriptionOfToken,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../../src/features/newsletter/operations';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { newsletterSubscribers as subscriberRows } from '../../src/server/db/schema/newsletter';
import { testDialects } from '../../src/server/db/testing';
import { newsletterLimits } from '../../src/server/modules/newsletter/newsletter';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createUser, uniqueEmail } from '../support/factories';
import { startMailServer, type ReceivedMail, type TestMailServer } from '../support/mail';

const german = { frontend: 'tagblatt;de' };
const errorOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions ?? {};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const linksOf = (mail: ReceivedMail) => [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);

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

describe.each(testDialects)('The newsletter on %s', (dialect) => {
  let backend: TestBackend;
  const db = () => backend.handle.db;
  let staffToken: string;
  let recruiterToken: string;
  let revisionId: number;
  let client = 0;

  /** Each sign-up from its own client address, so that only the per-address limit is in play. */
  const subscribe = (email: string, consent = true, headers: Record<string, string> = german) =>
    backend.request(
      subscribeNewsletter,
      { email, consent },
      { headers, serverContext: { clientAddress: `192.0.2.${++client % 250}` } },
    );

  /** Signs up and confirms with the mail's link; returns the mail. */
  const signUp = async (email: string) => {
    const after = mail.mails.length;
    expect((await subscribe(email)).body.data?.subscribeNewsletter).toBe(true);
    return mail.waitFor(email, { after });
  };

  const exported = async () => {
    const { body } = await backend.request(newsletterSubscribers, {}, { token: staffToken, headers: german });
    expect(body.errors).toBeUndefined();
    return body.data!.newsletterSubscribers.map((row) => row.email);
  };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const [info] = await db()
      .insert(consentInfos)
      .values({ type: 'newsletter', placement: 'newsletter', optIn: true })
      .returning();
    const [revision] = await db()
      .insert(consentInfoRevisions)
      .values({ infoId: info!.id, revision: 3, language: 'de', text: '<p>Newsletter, bitte.</p>' })
      .returning();
    revisionId = revision!.id;
    const staff = await createUser(db());
    staffToken = await backend.tokenFor({ id: staff.id, roles: ['administrator'] });
    const recruiter = await createUser(db());
    recruiterToken = await backend.tokenFor({ id: recruiter.id, roles: ['recruiter'] });
  });
  afterAll(() => backend?.dispose());

  it('shows the consent text to agree to', async () => {
    const { body } = await backend.request(newsletterConsent, {}, { headers: german });
    expect(body.data?.newsletterConsent).toMatchObject({ revision: 3, text: '<p>Newsletter, bitte.</p>' });
  });

  it('confirms with the signed link of the mail, records the consent, exports, and unsubscribes in one click', async () => {
    const email = uniqueEmail('reader');
    const received = await signUp(email.toUpperCase());
    expect(received.subject).toContain('Tagblatt Stellenmarkt');
    const headers = received.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=/);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const [confirmLink, unsubscribeLink] = linksOf(received);
    expect(confirmLink).toContain('/newsletter/confirm?token=');
    expect(unsubscribeLink).toContain('/newsletter/unsubscribe?token=');

    // Pending: the consent is recorded with its revision, unproven; not exported.
    const [pending] = await db().select().from(subscriberRows).where(eq(subscriberRows.email, email));
    expect(pending).toMatchObject({ frontend: 'tagblatt', confirmedAt: null, locale: 'de' });
    const [unproven] = await db().select().from(consentRecords).where(eq(consentRecords.id, pending!.consentRecordId!));
    expect(unproven).toMatchObject({ mail: email, infoRevisionId: revisionId, method: 'email', verifiedAt: null });
    expect(await exported()).not.toContain(email);

    // The link's page asks first (link scanners change nothing); the button confirms.
    const asked = await backend.request(
      newsletterSubscriptionOfToken,
      { token: tokenOf(confirmLink!), purpose: 'confirm' },
      { headers: german },
    );
    expect(asked.body.data?.newsletterSubscriptionOfToken).toEqual({ email, confirmed: false, unsubscribed: false });
    const confirmed = await backend.request(confirmNewsletter, { token: tokenOf(confirmLink!) }, { headers: german });
    expect(confirmed.body.data?.confirmNewsletter).toEqual({ email, confirmed: true, unsubscribed: false });
    const [proven] = await db().select().from(consentRecords).where(eq(consentRecords.id, pending!.consentRecordId!));
    expect(proven!.verifiedAt).not.toBeNull();
    expect(await exported()).toContain(email);

    // Signing up again while confirmed: the same answer, no mail.
    const before = mail.mails.length;
    expect((await subscribe(email)).body.data?.subscribeNewsletter).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.mails.slice(before).filter((message) => message.to.includes(email))).toEqual([]);

    // A confirm token does not unsubscribe, a forged one does nothing.
    const wrongPurpose = await backend.request(
      unsubscribeNewsletter,
      { token: tokenOf(confirmLink!) },
      { headers: german },
    );
    expect(errorOf(wrongPurpose.body).code).toBe('NOT_FOUND');
    const forged = tokenOf(unsubscribeLink!).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect(
      errorOf((await backend.request(unsubscribeNewsletter, { token: forged }, { headers: german })).body).code,
    ).toBe('NOT_FOUND');
    // The link of one brand does nothing on another.
    const elsewhere = await backend.request(
      unsubscribeNewsletter,
      { token: tokenOf(unsubscribeLink!) },
      { headers: { frontend: 'suedjobs;de' } },
    );
    expect(errorOf(elsewhere.body).code).toBe('NOT_FOUND');

    // Unsubscribing without signing in withdraws the consent and ends the export.
    const gone = await backend.request(
      unsubscribeNewsletter,
      { token: tokenOf(unsubscribeLink!) },
      { headers: german },
    );
    expect(gone.body.data?.unsubscribeNewsletter).toEqual({ email, confirmed: false, unsubscribed: true });
    const [withdrawn] = await db()
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.id, pending!.consentRecordId!));
    expect(withdrawn).toMatchObject({ withdrawalMethod: 'email' });
    expect(withdrawn!.withdrawnAt).not.toBeNull();
    expect(await exported()).not.toContain(email);
    // Its confirm link no longer confirms, nor does its page offer to.
    const spent = await backend.request(
      newsletterSubscriptionOfToken,
      { token: tokenOf(confirmLink!), purpose: 'confirm' },
      { headers: german },
    );
    expect(errorOf(spent.body).code).toBe('NOT_FOUND');
    const late = await backend.request(confirmNewsletter, { token: tokenOf(confirmLink!) }, { headers: german });
    expect(errorOf(late.body).code).toBe('NOT_FOUND');
  });

  it('refuses bad input with field errors in the visitor language and writes nothing', async () => {
    const t = createTranslator('de');
    const badAddress = await subscribe('not-an-address');
    expect(errorOf(badAddress.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { email: t('newsletter.error.email') },
    });
    const email = uniqueEmail('no-consent');
    const noConsent = await subscribe(email, false);
    expect(errorOf(noConsent.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { consent: t('newsletter.error.consent') },
    });
    const tooLong = await subscribe(`${'a'.repeat(250)}@example.test`);
    expect(errorOf(tooLong.body).code).toBe('BAD_USER_INPUT');
    expect(await db().select().from(subscriberRows).where(eq(subscriberRows.email, email))).toEqual([]);
    expect(await db().select().from(consentRecords).where(eq(consentRecords.mail, email))).toEqual([]);
  });

  it('exports for staff only', async () => {
    const anonymous = await backend.request(newsletterSubscribers, {}, { headers: german });
    expect(errorOf(anonymous.body).code).toBe('UNAUTHENTICATED');
    const recruiter = await backend.request(newsletterSubscribers, {}, { token: recruiterToken, headers: german });
    expect(errorOf(recruiter.body).code).toBe('FORBIDDEN');
  });

  it('limits the mails per address', async () => {
    const email = uniqueEmail('limited');
    for (let attempt = 0; attempt < newsletterLimits.perEmailPerDay; attempt++) {
      expect((await subscribe(email)).body.errors).toBeUndefined();
    }
    expect(errorOf((await subscribe(email)).body).code).toBe('RATE_LIMITED');
  });

  it('has no newsletter where the brand has none', async () => {
    const jobregio = { frontend: 'jobregio;en-GB' };
    const { body } = await subscribe(uniqueEmail('off'), true, jobregio);
    expect(errorOf(body).code).toBe('NOT_FOUND');
    const consent = await backend.request(newsletterConsent, {}, { headers: jobregio });
    expect(consent.body.data?.newsletterConsent).toBeNull();
  });
});
