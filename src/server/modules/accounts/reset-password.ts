import { eq } from 'drizzle-orm';
import { fieldErrorsOf, resetPasswordSchema, type FieldErrors } from '../../../features/account/schemas.ts';
import { hashPassword } from '../../auth/password.ts';
import { rateLimitKeys, resetAttempts } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { consumeAccountToken } from './account-tokens.ts';

/**
 * Sets a new password with a reset link. Every session and backend token issued before ends (not-before
 * now); the address counts as verified (the link reached it); the account's failed sign-ins are forgotten.
 */
export async function resetPassword(options: {
  db: Database;
  input: unknown;
}): Promise<{ ok: true; email: string } | { ok: false; fieldErrors: FieldErrors }> {
  const { db } = options;
  const parsed = resetPasswordSchema.safeParse(options.input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const passwordHash = await hashPassword(parsed.data.password);
  const email = await db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, 'reset_password', parsed.data.token);
    if (userId === null) return null;
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokensNotBefore: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email, verifiedAt: users.emailVerifiedAt });
    if (user && !user.verifiedAt) await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
    return user?.email ?? null;
  });
  if (email === null) return { ok: false, fieldErrors: { form: 'account.error.linkInvalid' } };
  await resetAttempts(db, rateLimitKeys.signInAccount(email));
  return { ok: true, email };
}
