/**
 * What registration services share: the result shape, limits, the password rule, the answer for an address
 * that already has an account, and the mails after commit.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldErrorsOf, refillValues } from '../../../lib/account/schemas.ts';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { hashPassword } from '../../auth/password.ts';
import { isRateLimited, rateLimitKeys, recordAttempt } from '../../auth/rate-limit.ts';
import { getConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { log, logUnexpected } from '../../log.ts';
import { sendRegistrationAttemptMail, sendVerificationMail } from '../../mail/account-mails.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { accountLink, type LinkContext } from './account-links.ts';
import type { PasswordFeedback } from './new-password.ts';

/**
 * `ok` also for an address that already has an account: the answer must not tell (the owner gets a mail).
 * A refused registration names its field errors (message keys) and, for a weak password, zxcvbn's feedback.
 */
export type RegistrationResult =
  | { ok: true; email: string }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, unknown>; passwordFeedback?: PasswordFeedback };

export function invalid(error: z.ZodError, input: unknown): RegistrationResult {
  return { ok: false, fieldErrors: fieldErrorsOf(error), values: refillValues(input) };
}

export async function isEmailRegistered(db: Pick<Database, 'select'>, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

/** Registration limit per client address (REGISTRATIONS_PER_IP per hour). */
export async function registrationLimited(db: Database, clientAddress: string | null): Promise<boolean> {
  if (!clientAddress) return false;
  const key = rateLimitKeys.registrationAddress(clientAddress);
  if (await isRateLimited(db, [{ key, max: getConfig().REGISTRATIONS_PER_IP }])) return true;
  await recordAttempt(db, [key]);
  return false;
}

/** The unique index answers a race between two registrations of one address. */
export function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => (candidate as { code?: unknown } | null)?.code === '23505');
}

/** Sent after the commit: a mail failure leaves a complete account that can ask for the link again. */
export async function mailVerificationLink(context: LinkContext, email: string, token: string): Promise<void> {
  try {
    await sendVerificationMail({
      to: email,
      link: accountLink(context, '/user/verify', token),
      brand: context.brand,
      locale: context.locale,
    });
  } catch (error) {
    logUnexpected('accounts', 'Verification mail could not be sent', error);
  }
}

/**
 * The answer to a registration for an address that already has an account: exactly that of a new
 * registration (the same page, status and redirect) after the same work (a password hash, one mail), so
 * the form does not tell who has an account. The owner is told by mail instead (at most
 * ACCOUNT_MAILS_PER_HOUR such mails per address, counted apart from reset mails so that these attempts
 * cannot use up the owner's resets), with links to sign in and to reset the password; nothing is written
 * to the account.
 */
export async function answerKnownAddress(options: {
  db: Database;
  link: LinkContext;
  email: string;
  /** The submitted password, hashed like a new account's and thrown away; null when it was hashed already. */
  password: string | null;
}): Promise<RegistrationResult> {
  const { db, link, email } = options;
  if (options.password !== null) await hashPassword(options.password);
  const key = rateLimitKeys.registrationAttemptMail(email);
  if (await isRateLimited(db, [{ key, max: getConfig().ACCOUNT_MAILS_PER_HOUR }])) {
    log('accounts').info('registration attempt for a known address: owner already told this hour');
    return { ok: true, email };
  }
  await recordAttempt(db, [key]);
  try {
    await sendRegistrationAttemptMail({
      to: email,
      signInLink: absoluteUrl(localizePath('/user/login', link.locale, link.brand)),
      resetLink: absoluteUrl(localizePath('/user/password', link.locale, link.brand)),
      brand: link.brand,
      locale: link.locale,
    });
  } catch (error) {
    logUnexpected('accounts', 'Registration attempt mail could not be sent', error);
  }
  return { ok: true, email };
}
