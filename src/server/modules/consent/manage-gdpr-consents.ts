import { and, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../../../brands/types.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../db/schema/consent.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { consentIdOfToken, verifyConsentToken, type ConsentTokenPurpose } from './consent-links.ts';
import { gdprUserConsentOf, type GdprUserConsent } from './create-gdpr-user-consent.ts';

const consentColumns = {
  record: consentRecords,
  type: consentInfos.type,
  revision: consentInfoRevisions.revision,
};

async function consentsWhere(db: Pick<Database, 'select'>, where: SQL | undefined): Promise<GdprUserConsent[]> {
  const rows = await db
    .select(consentColumns)
    .from(consentRecords)
    .innerJoin(consentInfos, eq(consentInfos.id, consentRecords.infoId))
    .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
    .where(where)
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id));
  return rows.map((row) => gdprUserConsentOf(row.record, row));
}

/**
 * The records that count as the user's consent (issue 18): given in their own session (linked to them), or
 * for their address and proven by its double opt-in link; withdrawn ones excepted. The one rule
 * hasTheLatestConsent, withdrawal and the account's list share.
 */
export function countsForUser(userId: number, userEmail: typeof users.email | string): SQL {
  return and(isNull(consentRecords.withdrawnAt), provenForUser(userId, userEmail))!;
}

/** Proven records of the user's, withdrawn ones included: whether they ever agreed to a text. */
export function provenForUser(userId: number, userEmail: typeof users.email | string): SQL {
  return and(
    isNotNull(consentRecords.verifiedAt),
    or(eq(consentRecords.userId, userId), and(isNull(consentRecords.userId), eq(consentRecords.mail, userEmail))),
  )!;
}

async function emailOf(db: Pick<Database, 'select'>, viewer: Viewer, locale: Locale): Promise<string> {
  const [user] =
    viewer.userId === null
      ? []
      : await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId));
  if (!user) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale });
  return user.email.toLowerCase();
}

/** myGdprConsents: every consent record of the viewer's account or address, withdrawn and unproven ones too. */
export async function listGdprConsents(options: { db: Database; viewer: Viewer; locale: Locale }) {
  const { db, viewer } = options;
  const email = await emailOf(db, viewer, options.locale);
  return consentsWhere(
    db,
    or(
      eq(consentRecords.userId, viewer.userId ?? 0),
      and(isNull(consentRecords.userId), eq(consentRecords.mail, email)),
    ),
  );
}

const withdrawSchema = z.object({
  infoId: z.int({ error: 'infoId must be a whole number' }).positive({ error: 'infoId must be a positive number' }),
});

/**
 * withdrawGdprUserConsent: the signed-in user withdraws their consent to a text, as easily as they gave it
 * (one button). Every record that counted is marked withdrawn (time and how), none deleted: the proof stays.
 */
export async function withdrawGdprConsent(options: {
  db: Database;
  viewer: Viewer;
  locale: Locale;
  input: unknown;
}): Promise<GdprUserConsent[]> {
  const { db, viewer } = options;
  const { infoId } = parseInput(withdrawSchema, options.input, { locale: options.locale });
  const email = await emailOf(db, viewer, options.locale);
  const withdrawn = await db
    .update(consentRecords)
    .set({ withdrawnAt: new Date(), withdrawalMethod: 'session' })
    .where(and(eq(consentRecords.infoId, infoId), countsForUser(viewer.userId ?? 0, email)))
    .returning({ id: consentRecords.id });
  if (withdrawn.length === 0) return [];
  return consentsWhere(db, or(...withdrawn.map((row) => eq(consentRecords.id, row.id))));
}

/**
 * The consent a signed link names, or NOT_FOUND "this link is not valid (any more)": a forged or altered
 * token, another purpose's token, or a record that is gone.
 */
export async function consentOfToken(options: {
  db: Pick<Database, 'select'>;
  authSecret: Uint8Array;
  locale: Locale;
  token: unknown;
  purpose: ConsentTokenPurpose;
}): Promise<GdprUserConsent> {
  const id = consentIdOfToken(options.token, options.purpose);
  const [consent] = id === null ? [] : await consentsWhere(options.db, eq(consentRecords.id, id));
  const [row] =
    id === null
      ? []
      : await options.db
          .select({ tokenKey: consentRecords.tokenKey })
          .from(consentRecords)
          .where(eq(consentRecords.id, id));
  if (
    !consent ||
    !row?.tokenKey ||
    !verifyConsentToken(options.authSecret, options.purpose, String(options.token), {
      id: consent.id,
      tokenKey: row.tokenKey,
    })
  ) {
    throw new AppError('NOT_FOUND', { key: 'consent.error.invalidLink', locale: options.locale });
  }
  return consent;
}

/**
 * confirmGdprUserConsent: the double opt-in's second step. The consent is proven now and linked to the
 * account with that address, if there is one; a withdrawn consent stays withdrawn; a second click changes
 * nothing.
 */
export async function confirmGdprConsent(options: {
  db: Database;
  authSecret: Uint8Array;
  locale: Locale;
  token: unknown;
}): Promise<GdprUserConsent> {
  return options.db.transaction(async (tx) => {
    const consent = await consentOfToken({ ...options, db: tx, purpose: 'confirm' });
    if (consent.verifiedAt !== null || consent.withdrawnAt !== null) return consent;
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, consent.mail));
    await tx
      .update(consentRecords)
      .set({ verifiedAt: new Date(), userId: owner?.id ?? null })
      .where(and(eq(consentRecords.id, consent.id), isNull(consentRecords.verifiedAt)));
    const [updated] = await consentsWhere(tx, eq(consentRecords.id, consent.id));
    return updated ?? consent;
  });
}

/** withdrawGdprUserConsentByToken: the mail's withdraw link, without signing in; recorded as by e-mail. */
export async function withdrawGdprConsentByToken(options: {
  db: Database;
  authSecret: Uint8Array;
  locale: Locale;
  token: unknown;
}): Promise<GdprUserConsent> {
  return options.db.transaction(async (tx) => {
    const consent = await consentOfToken({ ...options, db: tx, purpose: 'withdraw' });
    if (consent.withdrawnAt !== null) return consent;
    await tx
      .update(consentRecords)
      .set({ withdrawnAt: new Date(), withdrawalMethod: 'email' })
      .where(and(eq(consentRecords.id, consent.id), isNull(consentRecords.withdrawnAt)));
    const [updated] = await consentsWhere(tx, eq(consentRecords.id, consent.id));
    return updated ?? consent;
  });
}
