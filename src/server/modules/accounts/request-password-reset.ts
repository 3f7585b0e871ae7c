import { eq } from 'drizzle-orm';
import { fieldErrorsOf, requestPasswordResetSchema } from '../../../lib/account/schemas.ts';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { isRateLimited, rateLimitKeys, recordAttempt } from '../../auth/rate-limit.ts';
import { getConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { sendInBackground, sendPasswordResetMail } from '../../mail/account-mails.ts';
import { accountLink, type LinkContext } from './account-links.ts';
import { createAccountToken } from './account-tokens.ts';

/**
 * Mails a reset link when the address has an account. The answer is the same either way and comes as
 * fast (the mail goes out after the response), so the form does not reveal who has an account; requests
 * are limited per address and per client, known or not.
 */
export async function requestPasswordReset(options: {
  db: Database;
  input: unknown;
  link: LinkContext;
  clientAddress: string | null;
}): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors }> {
  const { db, link, clientAddress } = options;
  const parsed = requestPasswordResetSchema.safeParse(options.input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const { email } = parsed.data;
  const max = getConfig().ACCOUNT_MAILS_PER_HOUR;
  const keys = [
    { key: rateLimitKeys.accountMail(email), max },
    ...(clientAddress ? [{ key: rateLimitKeys.accountMailAddress(clientAddress), max: max * 4 }] : []),
  ];
  if (await isRateLimited(db, keys)) return { ok: false, fieldErrors: { form: 'account.error.rateLimited' } };
  await recordAttempt(
    db,
    keys.map((limit) => limit.key),
  );
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return { ok: true };
  const token = await createAccountToken(db, user.id, 'reset_password');
  sendInBackground(
    () => sendPasswordResetMail({ to: email, link: accountLink(link, '/user/password/reset', token), ...link }),
    'Password reset mail',
  );
  return { ok: true };
}
