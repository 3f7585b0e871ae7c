import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { sendContactMessage as sendContactMessageOperation } from '../../src/features/commerce/operations';
import { createTranslator } from '../../src/i18n';
import { serviceAddressOf } from '../../src/lib/commerce/contact';
import { anonymousViewer } from '../../src/server/auth/viewer';
import { contactMessages } from '../../src/server/db/schema/commerce';
import { testDialects } from '../../src/server/db/testing';
import type { MailMessage } from '../../src/server/mail/send-mail';
import {
  contactStartToken,
  deliverDueContactMessages,
  sendContactMessage,
} from '../../src/server/modules/commerce/send-contact-message';
import { createTestBackend, type TestBackend } from '../support/backend';
import { startMailServer, type TestMailServer } from '../support/mail';

const german = { frontend: 'tagblatt;de' };
const t = createTranslator('de');
const service = serviceAddressOf(brands.tagblatt);

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

describe.each(testDialects)('The contact form on %s', (dialect) => {
  let backend: TestBackend;
  const db = () => backend.handle.db;
  let sequence = 0;
  const sender = () => `sender-${dialect}-${++sequence}@example.test`;
  const input = (overrides: Record<string, unknown> = {}) => ({
    name: 'Rita Recruiter',
    email: sender(),
    subject: 'credits',
    message: 'Wir brauchen weitere Credits für unsere Stellenanzeigen.',
    sendCopy: true,
    website: '',
    startToken: contactStartToken(Date.now() - 10_000),
    ...overrides,
  });
  const stored = async (email: string) => db().select().from(contactMessages).where(eq(contactMessages.email, email));

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
  });
  afterAll(() => backend?.dispose());

  it("mails the message to the brand's service address and the copy to the sender", async () => {
    const before = mail.mails.length;
    const values = input();
    const { body } = await backend.request(sendContactMessageOperation, { input: values }, { headers: german });
    expect(body.errors).toBeUndefined();
    expect(body.data?.sendContactMessage.delivered).toBe(true);
    const toService = await mail.waitFor(service, { after: before });
    const subject = t('commerce.contact.subject.credits');
    expect(toService.subject).toBe(`[${brands.tagblatt.name}] ${subject} – Rita Recruiter`);
    expect(toService.raw).toMatch(new RegExp(`^Reply-To: ${values.email}`, 'im'));
    expect(toService.text).toContain('Wir brauchen weitere Credits');
    const copy = await mail.waitFor(values.email, { after: before });
    expect(copy.subject).toBe(t('commerce.contact.mail.copySubject', { brand: brands.tagblatt.name, subject }));
    expect((await stored(values.email)).map((row) => row.status)).toEqual(['sent']);
  });

  it('drops bots quietly: a filled honeypot or a form sent within 3 seconds stores and mails nothing', async () => {
    const before = mail.mails.length;
    const honeypot = input({ website: 'https://spam.example' });
    const fast = input({ startToken: contactStartToken() });
    for (const values of [honeypot, fast]) {
      const { body } = await backend.request(sendContactMessageOperation, { input: values }, { headers: german });
      expect(body.data?.sendContactMessage.delivered).toBe(true);
      expect(await stored(values.email)).toEqual([]);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.mails.length).toBe(before);
  });

  it('refuses bad input and a forged start token with field errors and stores nothing', async () => {
    const bad = input({ email: 'no-address', message: 'kurz', subject: 'love' });
    const { body } = await backend.request(sendContactMessageOperation, { input: bad }, { headers: german });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual({
      email: t('account.error.emailInvalid'),
      message: t('commerce.contact.error.message'),
      subject: t('commerce.contact.error.subject'),
    });
    const forged = input({ startToken: `${Date.now() - 10_000}.forged` });
    const refused = await backend.request(sendContactMessageOperation, { input: forged }, { headers: german });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await stored(forged.email)).toEqual([]);
  });

  it('lets one address send 5 messages an hour', async () => {
    const email = sender();
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const { body } = await backend.request(
        sendContactMessageOperation,
        { input: input({ email, sendCopy: false }) },
        { headers: german },
      );
      codes.push(body.errors?.[0]?.extensions?.code);
    }
    expect(codes).toEqual([undefined, undefined, undefined, undefined, undefined, 'RATE_LIMITED']);
    expect(await stored(email)).toHaveLength(5);
  });

  it('keeps a message whose mail failed and delivers it on a later run', async () => {
    const values = input();
    const failing = () => Promise.reject(new Error('SMTP is down'));
    const result = await sendContactMessage({
      db: db(),
      viewer: anonymousViewer,
      brand: brands.tagblatt,
      locale: 'de',
      input: values,
      clientAddress: null,
      send: failing,
    });
    expect(result).toEqual({ stored: true, delivered: false });
    const [pending] = await stored(values.email);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP is down' });
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent.
    const sent: MailMessage[] = [];
    const collect = (message: MailMessage) => {
      sent.push(message);
      return Promise.resolve();
    };
    await deliverDueContactMessages({ db: db(), brands, send: collect });
    expect(sent.filter((message) => message.replyTo === values.email)).toEqual([]);

    await db()
      .update(contactMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(contactMessages.id, pending!.id));
    await deliverDueContactMessages({ db: db(), brands, send: collect });
    expect(sent.map((message) => message.to)).toEqual([service, values.email]);
    const [delivered] = await stored(values.email);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    await deliverDueContactMessages({ db: db(), brands, send: collect });
    expect(sent).toHaveLength(2);
  });
});
