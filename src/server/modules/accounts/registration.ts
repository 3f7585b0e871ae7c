/** What registration services share: the result shape, limits, the e-mail check and the mail after commit. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldErrorsOf, type FieldErrors } from '../../../features/account/schemas.ts';
import { isRateLimited, rateLimitKeys, recordAttempt } from '../../auth/rate-limit.ts';
import { getConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { sendVerificationMail } from '../../mail/account-mails.ts';
import { accountLink, type LinkContext } from './account-links.ts';

export type RegistrationResult =
  | { ok: true; userId: number; email: string }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, unknown> };

export function invalid(error: z.ZodError, input: unknown): RegistrationResult {
  return { ok: false, fieldErrors: fieldErrorsOf(error), values: valuesOf(input) };
}

/** The submitted values to fill the form again, never the passwords. */
export function valuesOf(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object') return {};
  const secretFields = new Set(['password', 'passwordConfirm', 'currentPassword']);
  return Object.fromEntries(Object.entries(input).filter(([key]) => !secretFields.has(key)));
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
    console.error(`Verification mail to ${email} could not be sent`, error);
  }
}
