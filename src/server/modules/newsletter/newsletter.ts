/**
 * The newsletter (issue 19, decision 0028): sign-up with double opt-in where the brand enables it, the
 * consent text and revision recorded through the consent records (method e-mail, proven by the link),
 * one-click unsubscribe without signing in, and the staff's export of the confirmed addresses. Sending
 * campaigns is the publisher's mail service's job.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { newsletterSignupSchema } from '../../../lib/newsletter/newsletter-schema.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { idOfLinkToken, signLinkToken, verifyLinkToken, type LinkTokenKind } from '../../auth/link-tokens.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../db/schema/consent.ts';
import { newsletterSubscribers, type NewsletterSubscriber } from '../../db/schema/newsletter.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { sendNewsletterConfirmationMail } from '../../mail/newsletter-mails.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { parseInput } from '../../validation.ts';
import { contentLanguageOf } from '../base/terms.ts';
import { findLatestRevision } from '../consent/latest-revision.ts';
import { requireStaff } from '../job-posting/job-access.ts';

/** The consent text of the newsletter (consent_infos.type). */
export const newsletterConsentType = 'newsletter';

/** Sign-ups that send a mail, per address a day and per client an hour (mail abuse). */
export const newsletterLimits = { perEmailPerDay: 3, perClientPerHour: 20 } as const;

export type NewsletterTokenPurpose = 'confirm' | 'unsubscribe';
const kinds: Record<NewsletterTokenPurpose, LinkTokenKind> = {
  confirm: { scope: 'newsletter', purpose: 'confirm', code: 'c' },
  unsubscribe: { scope: 'newsletter', purpose: 'unsubscribe', code: 'u' },
};

/** The pages behind the mail's links, and the RFC 8058 endpoint (src/server/http/one-click-unsubscribe.ts). */
export function newsletterLinks(
  secret: Uint8Array,
  subscriber: { id: number; tokenKey: string },
  brand: Brand,
  locale: Locale,
) {
  const token = (purpose: NewsletterTokenPurpose) =>
    encodeURIComponent(signLinkToken(secret, kinds[purpose], subscriber));
  return {
    confirm: absoluteUrl(`${localizePath('/newsletter/confirm', locale, brand)}?token=${token('confirm')}`),
    unsubscribe: absoluteUrl(`${localizePath('/newsletter/unsubscribe', locale, brand)}?token=${token('unsubscribe')}`),
    oneClick: absoluteUrl(`/api/newsletter/unsubscribe?token=${token('unsubscribe')}`),
  };
}

function requireNewsletter(brand: Brand, locale: Locale): void {
  if (!brand.features.newsletter) throw new AppError('NOT_FOUND', { key: 'newsletter.error.off', locale });
}

/** The newsletter's consent text in the request's language (latest revision), or null when there is none. */
export async function getNewsletterConsent(options: { db: Database; brand: Brand; locale: Locale }) {
  const { db, brand, locale } = options;
  if (!brand.features.newsletter) return null;
  const [info] = await db
    .select({ id: consentInfos.id })
    .from(consentInfos)
    .where(eq(consentInfos.type, newsletterConsentType))
    .orderBy(asc(consentInfos.id))
    .limit(1);
  if (!info) return null;
  const latest = await findLatestRevision(db, info.id, contentLanguageOf(locale));
  if (!latest) return null;
  const [revision] = await db
    .select({ id: consentInfoRevisions.id, revision: consentInfoRevisions.revision, text: consentInfoRevisions.text })
    .from(consentInfoRevisions)
    .where(eq(consentInfoRevisions.id, latest.id));
  return revision
    ? { infoId: info.id, revisionId: revision.id, revision: revision.revision, text: revision.text }
    : null;
}

/**
 * Signs an address up: a pending subscription with a fresh token key and an unproven consent record of the
 * latest newsletter text, and the double opt-in mail. The answer is the same whether the address was new,
 * pending or already confirmed (no address is revealed); an already confirmed one gets no mail.
 */
export async function subscribeToNewsletter(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  clientAddress: string | null;
  input: unknown;
}): Promise<boolean> {
  const { db, brand, locale } = options;
  requireNewsletter(brand, locale);
  const { email } = parseInput(newsletterSignupSchema, options.input, { locale });
  const consent = await getNewsletterConsent({ db, brand, locale });
  if (!consent) throw new AppError('NOT_FOUND', { key: 'newsletter.error.off', locale });
  const frontend = brand.id as BrandId;
  const [existing] = await db
    .select()
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.frontend, frontend), eq(newsletterSubscribers.email, email)));
  if (existing?.confirmedAt && !existing.unsubscribedAt) return true;

  const refusal = await countRequest(db, [
    { key: `newsletter:email:${email}`, max: newsletterLimits.perEmailPerDay, windowSeconds: 86_400 },
    {
      key: `newsletter:client:${clientKeyOf(options.clientAddress)}`,
      max: newsletterLimits.perClientPerHour,
      windowSeconds: 3_600,
    },
  ]);
  if (refusal) {
    throw new AppError(
      'RATE_LIMITED',
      { key: 'newsletter.error.rateLimited', locale },
      { retryAfterSeconds: refusal.retryAfterSeconds },
    );
  }

  const tokenKey = randomBytes(16).toString('base64url');
  const subscriber = await db.transaction(async (tx) => {
    const [record] = await tx
      .insert(consentRecords)
      .values({
        mail: email,
        infoId: consent.infoId,
        infoRevisionId: consent.revisionId,
        placement: 'newsletter',
        method: 'email',
        tokenKey,
      })
      .returning({ id: consentRecords.id });
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ frontend, email, locale, tokenKey, consentRecordId: record!.id })
      .onConflictDoUpdate({
        target: [newsletterSubscribers.frontend, newsletterSubscribers.email],
        set: {
          locale,
          tokenKey,
          consentRecordId: record!.id,
          confirmedAt: null,
          unsubscribedAt: null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  });
  await sendNewsletterConfirmationMail({
    to: email,
    links: newsletterLinks(options.authSecret, subscriber, brand, locale),
    brand,
    locale,
  });
  return true;
}

/** The subscription a signed token names on the request's brand; NOT_FOUND for a forged or outdated one. */
async function subscriberOfToken(
  db: Database,
  secret: Uint8Array,
  brand: Brand,
  locale: Locale,
  purpose: NewsletterTokenPurpose,
  token: unknown,
): Promise<NewsletterSubscriber> {
  const id = idOfLinkToken(token, kinds[purpose]);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(newsletterSubscribers)
          .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.frontend, brand.id as BrandId)));
  if (!row || typeof token !== 'string' || !verifyLinkToken(secret, kinds[purpose], token, row)) {
    throw new AppError('NOT_FOUND', { key: 'newsletter.error.invalidLink', locale });
  }
  return row;
}

export interface NewsletterLinkOptions {
  db: Database;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
}

/** What a link is for, before its button is pressed: the address, and whether it is confirmed/unsubscribed. */
export async function newsletterSubscriptionOfToken(
  options: NewsletterLinkOptions & { purpose: NewsletterTokenPurpose },
) {
  requireNewsletter(options.brand, options.locale);
  const row = await subscriberOfToken(
    options.db,
    options.authSecret,
    options.brand,
    options.locale,
    options.purpose,
    options.token,
  );
  // An ended subscription's confirmation link is spent (as confirmNewsletter refuses it).
  if (options.purpose === 'confirm' && row.unsubscribedAt) {
    throw new AppError('NOT_FOUND', { key: 'newsletter.error.invalidLink', locale: options.locale });
  }
  return subscriptionOf(row);
}

const subscriptionOf = (row: NewsletterSubscriber) => ({
  email: row.email,
  confirmed: row.confirmedAt !== null && row.unsubscribedAt === null,
  unsubscribed: row.unsubscribedAt !== null,
});

/** The double opt-in link: confirms the subscription and proves its consent record. Again: no change. */
export async function confirmNewsletter(options: NewsletterLinkOptions) {
  const { db, brand, locale } = options;
  requireNewsletter(brand, locale);
  const row = await subscriberOfToken(db, options.authSecret, brand, locale, 'confirm', options.token);
  if (row.unsubscribedAt) throw new AppError('NOT_FOUND', { key: 'newsletter.error.invalidLink', locale });
  const updated = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(newsletterSubscribers)
      .set({ confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    if (row.consentRecordId !== null) {
      await tx
        .update(consentRecords)
        .set({ verifiedAt: sql`coalesce(${consentRecords.verifiedAt}, now())` })
        .where(eq(consentRecords.id, row.consentRecordId));
    }
    return done!;
  });
  return subscriptionOf(updated);
}

/** Unsubscribes with the signed token alone (the page's button and RFC 8058 one click); withdraws the consent. */
export async function unsubscribeNewsletter(options: NewsletterLinkOptions) {
  const { db, brand, locale } = options;
  requireNewsletter(brand, locale);
  const row = await subscriberOfToken(db, options.authSecret, brand, locale, 'unsubscribe', options.token);
  const updated = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    if (row.consentRecordId !== null) {
      await tx
        .update(consentRecords)
        .set({ withdrawnAt: sql`now()`, withdrawalMethod: 'email' })
        .where(and(eq(consentRecords.id, row.consentRecordId), isNull(consentRecords.withdrawnAt)));
    }
    return done!;
  });
  return subscriptionOf(updated);
}

/** Staff: the confirmed, not unsubscribed addresses of the brand with the consent revision they agreed to. */
export async function listNewsletterSubscribers(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}) {
  requireStaff(options.viewer, options.locale);
  return options.db
    .select({
      email: newsletterSubscribers.email,
      locale: newsletterSubscribers.locale,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentRevision: consentInfoRevisions.revision,
    })
    .from(newsletterSubscribers)
    .leftJoin(consentRecords, eq(consentRecords.id, newsletterSubscribers.consentRecordId))
    .leftJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
    .where(
      and(
        eq(newsletterSubscribers.frontend, options.brand.id as BrandId),
        isNotNull(newsletterSubscribers.confirmedAt),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    )
    .orderBy(desc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id));
}
