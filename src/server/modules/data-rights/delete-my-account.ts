import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../../../brands/types.ts';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password.ts';
import type { Database } from '../../db/index.ts';
import { jobAlerts } from '../../db/schema/alerts.ts';
import { applicationFiles, applications } from '../../db/schema/applications.ts';
import { authAttempts, rateLimitCounters } from '../../db/schema/auth.ts';
import { contactMessages } from '../../db/schema/commerce.ts';
import { consentRecords } from '../../db/schema/consent.ts';
import { resumeAttachments, resumes } from '../../db/schema/resumes.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { countRequest } from '../../limits/request-rate.ts';
import { logUnexpected } from '../../log.ts';
import { removeFile } from '../../storage/file-storage.ts';
import { ownedOrganizations } from '../organizations/organization-ownership.ts';

/** The typed confirmation of an account without a password (a social sign-in): this word, in any case. */
export const deletionConfirmationWord = 'DELETE';

const inputSchema = z.object({
  password: z.string().max(1024).optional().nullable(),
  confirmation: z.string().max(100).optional().nullable(),
});

/** Attempts at deleting an account per user an hour (a wrong password counts): no password guessing here. */
export const deletionAttemptsPerHour = 10;

/**
 * The address a kept consent proof names after its account was deleted (decision 0026): a keyed hash, so
 * the proof can still be matched to that address when its owner asks, but the address cannot be read back.
 */
export function erasedMail(authSecret: Uint8Array, email: string): string {
  return `erased:${createHmac('sha256', authSecret).update(`consent-proof:${email.toLowerCase()}`).digest('hex')}`;
}

/** myAccountDeletion: how the user confirms a deletion, and the organizations they must hand over first. */
export async function accountDeletionInfo(options: {
  db: Database;
  userId: number;
  locale: Locale;
}): Promise<{ hasPassword: boolean; ownedOrganizations: string[] }> {
  const [user] = await options.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!user) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale: options.locale });
  const owned = await ownedOrganizations(options.db, options.userId);
  return {
    hasPassword: user.passwordHash !== null,
    ownedOrganizations: owned.map((organization) => organization.name),
  };
}

/**
 * deleteMyAccount (GDPR Art. 17, decision 0026): the signed-in user, acting as themselves, confirms with
 * their password (or, without one, by typing DELETE); organizations they own must have been handed over
 * first (CONFLICT naming them). In one transaction every personal row of theirs is deleted or anonymised
 * and the user row goes, which ends every session (auth_sessions cascade). Consent proofs stay with a
 * hashed address; orders and ledger entries stay without the user link. Stored files are removed after
 * the commit (a failure there leaves an orphaned file under a random name, logged, never a half-deleted account).
 */
export async function deleteMyAccount(options: {
  db: Database;
  userId: number;
  authSecret: Uint8Array;
  locale: Locale;
  input: unknown;
}): Promise<void> {
  const { db, userId, locale } = options;
  const parsed = inputSchema.safeParse(options.input);
  if (!parsed.success) {
    throw new AppError(
      'BAD_USER_INPUT',
      { key: 'dataRights.error.confirmationRequired', locale },
      {
        fieldErrors: { form: 'dataRights.error.confirmationRequired' },
      },
    );
  }
  const refusal = await countRequest(db, [
    { key: `account-deletion:user:${userId}`, max: deletionAttemptsPerHour, windowSeconds: 3_600 },
  ]);
  if (refusal) {
    throw new AppError(
      'RATE_LIMITED',
      { key: 'account.error.rateLimited', locale },
      {
        retryAfterSeconds: refusal.retryAfterSeconds,
        fieldErrors: { form: 'account.error.rateLimited' },
      },
    );
  }
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale });
  const { password, confirmation } = parsed.data;
  const confirmed = user.passwordHash
    ? Boolean(password) && (await verifyPassword(password ?? '', user.passwordHash))
    : (confirmation ?? '').trim().toUpperCase() === deletionConfirmationWord;
  if (!confirmed) {
    if (user.passwordHash && !password) await verifyAgainstDummy('');
    const field = user.passwordHash ? 'password' : 'confirmation';
    const key = user.passwordHash ? 'dataRights.error.wrongPassword' : 'dataRights.error.confirmationRequired';
    throw new AppError('BAD_USER_INPUT', { key, locale }, { fieldErrors: { [field]: key } });
  }

  const email = user.email;
  const storageKeys = await db.transaction(async (tx) => {
    // Checked inside the transaction, the rows locked: a handover racing the deletion cannot leave an owner-less organization.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const owned = await ownedOrganizations(tx, userId);
    if (owned.length > 0) {
      const names = owned.map((organization) => organization.name).join(', ');
      throw new AppError(
        'CONFLICT',
        { key: 'dataRights.error.ownsOrganizations', params: { names }, locale },
        {
          fieldErrors: { form: 'dataRights.error.ownsOrganizations' },
          organizations: owned.map((organization) => organization.name),
        },
      );
    }
    const keys: string[] = [];

    // Applications (by account or by address) with their files; the user's unattached uploads.
    const ownApplications = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(or(eq(applications.userId, userId), eq(applications.email, email)));
    const applicationIds = ownApplications.map((row) => row.id);
    const files = await tx
      .select({ key: applicationFiles.storageKey })
      .from(applicationFiles)
      .where(
        or(
          applicationIds.length > 0 ? inArray(applicationFiles.applicationId, applicationIds) : sql`false`,
          and(eq(applicationFiles.uploadedBy, userId), isNull(applicationFiles.applicationId)),
        ),
      );
    keys.push(...files.map((file) => file.key));
    await tx
      .delete(applicationFiles)
      .where(and(eq(applicationFiles.uploadedBy, userId), isNull(applicationFiles.applicationId)));
    if (applicationIds.length > 0) await tx.delete(applications).where(inArray(applications.id, applicationIds));

    // Resume attachments (the resume itself, its private fields, facet links and contact requests cascade).
    const attachmentKeys = await tx
      .select({ key: resumeAttachments.storageKey })
      .from(resumeAttachments)
      .innerJoin(resumes, eq(resumes.id, resumeAttachments.resumeId))
      .where(eq(resumes.userId, userId));
    keys.push(...attachmentKeys.map((file) => file.key));
    await tx.delete(resumes).where(eq(resumes.userId, userId));

    // Job alerts also when made anonymously for the address; contact form messages with their files.
    await tx.delete(jobAlerts).where(or(eq(jobAlerts.userId, userId), eq(jobAlerts.email, email)));
    const messages = await tx
      .delete(contactMessages)
      .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)))
      .returning({ attachments: contactMessages.attachments });
    for (const message of messages) keys.push(...message.attachments.map((file) => file.key));

    // Consent proofs are kept (decision 0026): no account, a hashed address, no link keys.
    await tx
      .update(consentRecords)
      .set({ userId: null, mail: erasedMail(options.authSecret, email), tokenKey: null })
      .where(or(eq(consentRecords.userId, userId), eq(consentRecords.mail, email)));

    // Counters and attempts keyed by the address (rate limits of mails, sign-ins, consents).
    await tx.delete(authAttempts).where(like(authAttempts.key, `%${escapeLike(email)}%`));
    await tx.delete(rateLimitCounters).where(like(rateLimitCounters.key, `%${escapeLike(email)}%`));

    // The user row last: roles, memberships, bookmarks, sessions, social accounts and account tokens
    // cascade; orders, ledger entries, job history and analytics events lose the user link (set null).
    await tx.delete(users).where(eq(users.id, userId));
    return keys;
  });

  for (const key of storageKeys) {
    try {
      await removeFile({ key });
    } catch (error) {
      logUnexpected('data-rights', 'a deleted account’s file could not be removed', error);
    }
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
