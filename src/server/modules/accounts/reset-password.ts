import { eq } from 'drizzle-orm';
import type { Brand } from '../../../../brands/types.ts';
import { fieldErrorsOf, resetPasswordSchema } from '../../../lib/account/schemas.ts';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { hashPassword } from '../../auth/password.ts';
import { rateLimitKeys, resetAttempts } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { consumeAccountToken, usableAccountTokenUser } from './account-tokens.ts';
import { storeNewPassword, weakPassword, type PasswordFeedback } from './new-password.ts';

/**
 * Sets a new password with a reset link. A weak password is refused before the link is used up. Every
 * session and backend token issued before ends, every other reset link of the user dies with this one; the
 * address counts as verified (the link reached it); the account's failed sign-ins are forgotten.
 */
export async function resetPassword(options: {
  db: Database;
  input: unknown;
  brand: Brand;
}): Promise<
  { ok: true; email: string } | { ok: false; fieldErrors: FieldErrors; passwordFeedback?: PasswordFeedback }
> {
  const { db } = options;
  const parsed = resetPasswordSchema.safeParse(options.input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const { token, password } = parsed.data;
  const linkInvalid = { ok: false, fieldErrors: { form: 'account.error.linkInvalid' } } as const;
  const holder = await usableAccountTokenUser(db, 'reset_password', token);
  if (holder === null) return linkInvalid;
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, holder));
  const weak = await weakPassword(password, {
    brand: options.brand,
    userInputs: [user?.email, user?.firstName, user?.lastName],
  });
  if (weak) return { ok: false, ...weak };
  const passwordHash = await hashPassword(password);
  const email = await db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, 'reset_password', token);
    if (userId === null) return null;
    const now = new Date();
    const stored = await storeNewPassword(tx, { userId, passwordHash, now });
    if (stored && !stored.emailVerified) {
      await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
    }
    return stored?.email ?? null;
  });
  if (email === null) return linkInvalid;
  await resetAttempts(db, rateLimitKeys.signInAccount(email));
  return { ok: true, email };
}
