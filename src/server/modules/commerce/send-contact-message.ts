import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { contactMinimumSeconds, contactSchema, serviceAddressOf } from '../../../lib/commerce/contact.ts';
import { getAuthSecret } from '../../auth/secret.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { contactMessages, type ContactMessage } from '../../db/schema/commerce.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { log } from '../../log.ts';
import { sendMail, type MailMessage } from '../../mail/send-mail.ts';
import { parseInput } from '../../validation.ts';
import { mailAttachmentsOf, removeContactAttachments, storeContactAttachments } from './contact-attachments.ts';
import type { Executor } from './ledger.ts';

/** Messages per sender address and per client address an hour. */
export const contactMessagesPerHour = 5;
/** A form older than this is stale: load it again. */
const startTokenMaxAgeSeconds = 24 * 3600;
/** Delivery attempts before a message is marked failed; the n-th retry waits n² minutes. */
export const contactMaxAttempts = 8;

const signature = (issuedAt: number, secret: Uint8Array) =>
  createHmac('sha256', secret).update(`contact-form:${issuedAt}`).digest('base64url');

/** The signed moment the contact form is shown: the time-to-submit check needs it back. */
export function contactStartToken(now = Date.now(), secret = getAuthSecret()): string {
  return `${now}.${signature(now, secret)}`;
}

/** Seconds since the token was issued, or null when it is forged or malformed. */
export function secondsSinceStart(token: string, now = Date.now(), secret = getAuthSecret()): number | null {
  const [issued, signed] = token.split('.');
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !signed) return null;
  const expected = Buffer.from(signature(issuedAt, secret));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return (now - issuedAt) / 1000;
}

async function mailsOf(message: ContactMessage, brand: Pick<Brand, 'id' | 'name'>): Promise<MailMessage[]> {
  const attachments = message.attachments.length > 0 ? await mailAttachmentsOf(message.attachments) : undefined;
  const t = createTranslator(message.locale as Locale);
  const subject = t(`commerce.contact.subject.${message.subject}` as Parameters<typeof t>[0]);
  const params = { brand: brand.name, name: message.name, email: message.email, subject, message: message.message };
  const mails: MailMessage[] = [
    {
      to: serviceAddressOf(brand),
      replyTo: message.email,
      subject: t('commerce.contact.mail.subject', params),
      text: t('commerce.contact.mail.text', params),
      attachments,
    },
  ];
  if (message.sendCopy) {
    mails.push({
      to: message.email,
      subject: t('commerce.contact.mail.copySubject', params),
      text: t('commerce.contact.mail.copyText', params),
      attachments,
    });
  }
  return mails;
}

/**
 * Tries to mail one stored message (to the brand's service address, and the copy to the sender): sent on
 * success; otherwise the attempt is counted and the next one scheduled (failed after the last).
 */
export async function deliverContactMessage(
  db: Executor,
  message: ContactMessage,
  brands: Record<string, Pick<Brand, 'id' | 'name'>>,
  send: (mail: MailMessage) => Promise<void> = sendMail,
): Promise<boolean> {
  const brand = brands[message.frontend] ?? { id: message.frontend, name: message.frontend };
  try {
    // The copy goes only with the service mail: a retry after a failed copy sends both again (rare, harmless).
    for (const mail of await mailsOf(message, brand)) await send(mail);
    await db
      .update(contactMessages)
      .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1, lastError: null })
      .where(eq(contactMessages.id, message.id));
    return true;
  } catch (error) {
    const attempts = message.attempts + 1;
    await db
      .update(contactMessages)
      .set({
        attempts,
        status: attempts >= contactMaxAttempts ? 'failed' : 'pending',
        nextAttemptAt: sql`now() + make_interval(mins => ${attempts * attempts})`,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      })
      .where(eq(contactMessages.id, message.id));
    log('contact').warn({ id: message.id, attempts, err: error }, 'contact message not delivered yet');
    return false;
  }
}

/**
 * The job runner's task: delivers the due pending messages, each claimed with `for update skip locked` so
 * two workers never send one twice at once.
 */
export async function deliverDueContactMessages(options: {
  db: Database;
  brands: Record<string, Pick<Brand, 'id' | 'name'>>;
  send?: (mail: MailMessage) => Promise<void>;
  limit?: number;
}): Promise<{ sent: number; failed: number }> {
  const { db, brands } = options;
  let sent = 0;
  let failed = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.status, 'pending'), lte(contactMessages.nextAttemptAt, sql`now()`)))
      .orderBy(asc(contactMessages.nextAttemptAt))
      .limit(options.limit ?? 50)
      .for('update', { skipLocked: true });
    for (const message of due) {
      if (await deliverContactMessage(tx, message, brands, options.send)) sent += 1;
      else failed += 1;
    }
  });
  return { sent, failed };
}

/**
 * The contact form (issue 16, part 5): validated, checked for spam (honeypot, time to submit, rate limit
 * per sender and client address), stored, then mailed. A bot's message is answered like any other and
 * dropped; a delivery that fails stays stored for the job runner.
 */
export async function sendContactMessage(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
  clientAddress: string | null;
  send?: (mail: MailMessage) => Promise<void>;
}): Promise<{ stored: boolean; delivered: boolean }> {
  const { db, viewer, brand, locale } = options;
  const input = parseInput(contactSchema, options.input, { locale });
  if (input.website) return { stored: false, delivered: false };
  const elapsed = secondsSinceStart(input.startToken);
  if (elapsed === null || elapsed > startTokenMaxAgeSeconds) {
    const message = createTranslator(locale)('commerce.error.requestKey');
    throw new AppError('BAD_USER_INPUT', message, { fieldErrors: { form: message } });
  }
  if (elapsed < contactMinimumSeconds) return { stored: false, delivered: false };
  const refusal = await countRequest(db, [
    { key: `contact:email:${input.email}`, max: contactMessagesPerHour, windowSeconds: 3600 },
    ...(options.clientAddress
      ? [
          {
            key: `contact:ip:${clientKeyOf(options.clientAddress)}`,
            max: contactMessagesPerHour * 2,
            windowSeconds: 3600,
          },
        ]
      : []),
  ]);
  if (refusal) throw new AppError('RATE_LIMITED', { key: 'commerce.contact.error.rateLimited', locale });
  const attachments = await storeContactAttachments({ files: input.attachments, brand, locale });
  let stored: ContactMessage | undefined;
  try {
    [stored] = await db
      .insert(contactMessages)
      .values({
        frontend: brand.id as BrandId,
        locale,
        userId: viewer.userId,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        sendCopy: input.sendCopy,
        attachments,
      })
      .returning();
    if (!stored) throw new Error('Storing the contact message returned no row.');
  } catch (error) {
    await removeContactAttachments(attachments);
    throw error;
  }
  const delivered = await deliverContactMessage(db, stored, { [brand.id]: brand }, options.send);
  return { stored: true, delivered };
}

/** For tests and staff: the stored messages of a brand by status. */
export async function contactMessagesOf(db: Database, frontend: BrandId, statuses: ContactMessage['status'][]) {
  return db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.frontend, frontend), inArray(contactMessages.status, statuses)))
    .orderBy(asc(contactMessages.id));
}
