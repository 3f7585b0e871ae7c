import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfoRevisions, consentInfos, consentRecords, type ConsentRecord } from '../../db/schema/consent.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { sendConsentConfirmationMail } from '../../mail/consent-mails.ts';
import { parseInput } from '../../validation.ts';
import { consentLink } from './consent-links.ts';
import { findLatestRevision } from './latest-revision.ts';

const inputSchema = z.object({
  mail: z
    .string({ error: 'mail must be an e-mail address such as name@example.com' })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: 'mail must be an e-mail address such as name@example.com' })
        .max(254, { error: 'mail must be at most 254 characters' }),
    ),
  infoId: z.int({ error: 'infoId must be a whole number' }).positive({ error: 'infoId must be a positive number' }),
});

/** Consents by e-mail that send a confirmation mail, per address a day and per client an hour (mail abuse). */
export const consentMailLimits = { perEmailPerDay: 5, perClientPerHour: 30 } as const;

/** A consent record as the API shows it (the proof: revision, time, placement, how, and its withdrawal). */
export interface GdprUserConsent {
  id: number;
  mail: string;
  infoId: number;
  infoRevisionId: number;
  /** The text's type and the revision number agreed to. */
  type: string;
  revision: number;
  placement: string | null;
  method: string;
  createdAt: Date;
  verifiedAt: Date | null;
  withdrawnAt: Date | null;
  withdrawalMethod: string | null;
}

export const gdprUserConsentOf = (row: ConsentRecord, text: { type: string; revision: number }): GdprUserConsent => ({
  id: row.id,
  mail: row.mail,
  infoId: row.infoId,
  infoRevisionId: row.infoRevisionId,
  type: text.type,
  revision: text.revision,
  placement: row.placement,
  method: row.method,
  createdAt: row.createdAt,
  verifiedAt: row.verifiedAt,
  withdrawnAt: row.withdrawnAt,
  withdrawalMethod: row.withdrawalMethod,
});

export interface CreateGdprUserConsentResult {
  errors: string[];
  consent: GdprUserConsent | null;
}

/**
 * SPEC sections 4 and 5, issue 18: records that `mail` consented to the latest revision of a consent text.
 * Given by a signed-in user for their own address, it is proven at once and theirs. For any other address
 * (anonymous, or signed in as someone else) it is stored unproven and linked to no account, and the address
 * gets a double opt-in mail: only its link makes it count (confirmGdprUserConsent). Consenting again to the
 * same revision the same way returns the existing record (and sends no second mail).
 */
export async function createGdprUserConsent(options: {
  db: Database;
  viewer: Viewer;
  /** The request's content language: the language version of the revision the visitor was shown. */
  language: ContentLanguage;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  clientAddress?: string | null;
  input: unknown;
}): Promise<CreateGdprUserConsentResult> {
  const { db, viewer } = options;
  const { mail, infoId } = parseInput(inputSchema, options.input);
  const [info] = await db
    .select({ id: consentInfos.id, type: consentInfos.type, placement: consentInfos.placement })
    .from(consentInfos)
    .where(eq(consentInfos.id, infoId));
  if (!info) {
    throw new AppError('BAD_USER_INPUT', `Invalid input. infoId: no consent text with id ${infoId} exists`, {
      fieldErrors: { infoId: `no consent text with id ${infoId} exists` },
    });
  }
  const latest = await findLatestRevision(db, infoId, options.language);
  if (!latest) return { errors: ['This consent text has no wording yet and cannot be agreed to.'], consent: null };

  const [owner] =
    viewer.userId === null
      ? []
      : await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId));
  const isOwnSession = viewer.userId !== null && owner?.email.toLowerCase() === mail;
  const sameWay = isOwnSession ? eq(consentRecords.userId, viewer.userId ?? 0) : isNull(consentRecords.userId);

  const [existing] = await db
    .select({ record: consentRecords })
    .from(consentRecords)
    .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
    .where(
      and(
        eq(consentRecords.mail, mail),
        eq(consentRecords.infoId, infoId),
        eq(consentInfoRevisions.revision, latest.revision),
        isNull(consentRecords.withdrawnAt),
        sameWay,
      ),
    )
    .limit(1);
  const text = { type: info.type, revision: latest.revision };
  if (existing) return { errors: [], consent: gdprUserConsentOf(existing.record, text) };

  if (!isOwnSession) {
    const refusal = await countRequest(db, [
      { key: `consent:email:${mail}`, max: consentMailLimits.perEmailPerDay, windowSeconds: 86_400 },
      {
        key: `consent:client:${clientKeyOf(options.clientAddress)}`,
        max: consentMailLimits.perClientPerHour,
        windowSeconds: 3_600,
      },
    ]);
    if (refusal) {
      throw new AppError(
        'RATE_LIMITED',
        { key: 'consent.error.rateLimited', locale: options.locale },
        { retryAfterSeconds: refusal.retryAfterSeconds },
      );
    }
  }

  const [record] = await db
    .insert(consentRecords)
    .values({
      mail,
      infoId,
      infoRevisionId: latest.id,
      placement: info.placement,
      ...(isOwnSession
        ? { userId: viewer.userId, method: 'session' as const, verifiedAt: new Date() }
        : { userId: null, method: 'email' as const, tokenKey: randomBytes(16).toString('base64url') }),
    })
    .returning();
  if (!record) throw new Error('Inserting a consent record returned no row');

  if (record.tokenKey) {
    const links = { id: record.id, tokenKey: record.tokenKey };
    await sendConsentConfirmationMail({
      to: mail,
      confirmLink: consentLink(options.authSecret, 'confirm', links, options.brand, options.locale),
      withdrawLink: consentLink(options.authSecret, 'withdraw', links, options.brand, options.locale),
      brand: options.brand,
      locale: options.locale,
    });
  }
  return { errors: [], consent: gdprUserConsentOf(record, text) };
}
