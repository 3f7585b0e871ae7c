import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { startMailServer, type TestMailServer } from '../support/mail';

const german = { frontend: 'tagblatt;de' };
const t = createTranslator('de');
const service = serviceAddressOf(brands.tagblatt);

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
const svgBytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let mail: TestMailServer;
let uploadDir: string;
const previousSmtp = process.env.SMTP_URL;
const previousUpload = process.env.UPLOAD_DIR;
beforeAll(async () => {
  mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
  uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-contact-'));
  process.env.UPLOAD_DIR = uploadDir;
});
afterAll(async () => {
  await mail?.stop();
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
  if (previousUpload === undefined) delete process.env.UPLOAD_DIR;
  else process.env.UPLOAD_DIR = previousUpload;
  await rm(uploadDir, { recursive: true, force: true });
});

/** The files kept in the upload directory (every fan-out folder). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploadDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

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

  /** sendContactMessage as a GraphQL multipart request (SPEC section 7), the files as `attachments`. */
  async function sendWithFiles(values: Record<string, unknown>, files: File[], frontend = german.frontend) {
    const form = new FormData();
    const { operationName, query } = sendContactMessageOperation;
    const variables = { input: { ...values, attachments: files.map(() => null) } };
    form.set('operations', JSON.stringify({ operationName, query, variables }));
    const map = Object.fromEntries(
      files.map((_file, index) => [String(index), [`variables.input.attachments.${index}`]]),
    );
    form.set('map', JSON.stringify(map));
    files.forEach((file, index) => form.set(String(index), file));
    const response = await backend.server.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { frontend },
      body: form,
    });
    return (await response.json()) as GraphQLResponseBody<{ sendContactMessage: { delivered: boolean } }>;
  }

  it('mails a PDF and a PNG as attachments to the service address and with the copy', async () => {
    const before = mail.mails.length;
    const values = input();
    const body = await sendWithFiles(values, [
      new File([pdfBytes], 'Rechnung März.pdf'),
      new File([pngBytes], 'screenshot.png'),
    ]);
    expect(body.errors).toBeUndefined();
    expect(body.data?.sendContactMessage.delivered).toBe(true);
    for (const recipient of [service, values.email]) {
      const received = await mail.waitFor(recipient, { after: before });
      expect(received.raw).toMatch(/Content-Type: application\/pdf/);
      expect(received.raw).toMatch(/Content-Disposition: attachment;\s+filename\*?=/);
      expect(received.raw).toMatch(/Content-Type: image\/png/);
      expect(received.raw).toMatch(/Content-Disposition: attachment;\s+filename=screenshot\.png/);
      expect(received.raw).toContain(Buffer.from(pngBytes).toString('base64'));
    }
    const [row] = await stored(values.email);
    expect(row?.attachments.map(({ fileName, mimeType, size }) => ({ fileName, mimeType, size }))).toEqual([
      { fileName: 'Rechnung März.pdf', mimeType: 'application/pdf', size: pdfBytes.byteLength },
      { fileName: 'screenshot.png', mimeType: 'image/png', size: pngBytes.byteLength },
    ]);
  });

  it('refuses a disguised file (an .exe named .pdf, an SVG) in the visitor language and keeps nothing', async () => {
    const before = mail.mails.length;
    const filesBefore = await storedFiles();
    const cases = [
      { frontend: german.frontend, locale: 'de' as const, file: new File([exeBytes], 'rechnung.pdf') },
      { frontend: 'jobregio;fr', locale: 'fr' as const, file: new File([svgBytes], 'logo.svg') },
      { frontend: 'jobregio;fr', locale: 'fr' as const, file: new File([svgBytes], 'logo.png') },
    ];
    for (const { frontend, locale, file } of cases) {
      const values = input();
      const body = await sendWithFiles(values, [new File([pdfBytes], 'ok.pdf'), file], frontend);
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions?.fieldErrors).toEqual({
        attachments: createTranslator(locale)('commerce.contact.error.attachmentType'),
      });
      expect(await stored(values.email)).toEqual([]);
    }
    expect(await storedFiles()).toEqual(filesBefore);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.mails.length).toBe(before);
  });

  it('refuses attachments over the limit with a field error and keeps nothing', async () => {
    const filesBefore = await storedFiles();
    const small = { ...brands.tagblatt.constants.attachments, maxBytes: 64 };
    const brand = { ...brands.tagblatt, constants: { ...brands.tagblatt.constants, attachments: small } };
    const values = input();
    const sent: MailMessage[] = [];
    const refusal = sendContactMessage({
      db: db(),
      viewer: anonymousViewer,
      brand,
      locale: 'en-GB',
      input: { ...values, attachments: [new File([pdfBytes], 'a.pdf'), new File([pdfBytes], 'b.pdf')] },
      clientAddress: null,
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    });
    await expect(refusal).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      details: {
        fieldErrors: { attachments: createTranslator('en-GB')('commerce.contact.error.attachmentsTooLarge') },
      },
    });
    expect(await stored(values.email)).toEqual([]);
    expect(sent).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('sends the attachments again when a failed delivery is retried', async () => {
    const values = input({ sendCopy: false });
    const result = await sendContactMessage({
      db: db(),
      viewer: anonymousViewer,
      brand: brands.tagblatt,
      locale: 'de',
      input: { ...values, attachments: [new File([pdfBytes], 'Angebot.pdf')] },
      clientAddress: null,
      send: () => Promise.reject(new Error('SMTP is down')),
    });
    expect(result).toEqual({ stored: true, delivered: false });
    const [pending] = await stored(values.email);
    await db()
      .update(contactMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(contactMessages.id, pending!.id));
    const sent: MailMessage[] = [];
    await deliverDueContactMessages({
      db: db(),
      brands,
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    });
    const retried = sent.find((message) => message.replyTo === values.email);
    expect(retried?.attachments?.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'Angebot.pdf', contentType: 'application/pdf' },
    ]);
    expect(Buffer.from(retried!.attachments![0]!.content).equals(Buffer.from(pdfBytes))).toBe(true);
  });
});
