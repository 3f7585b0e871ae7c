import { eq } from 'drizzle-orm';
import { changePasswordSchema, fieldErrorsOf, type FieldErrors } from '../../../features/account/schemas.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';

/** A new password for a signed-in user who knows the current one; every older session ends (not-before now). */
export async function changePassword(options: {
  db: Database;
  userId: number;
  input: unknown;
}): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors }> {
  const { db, userId } = options;
  const parsed = changePasswordSchema.safeParse(options.input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
    return { ok: false, fieldErrors: { currentPassword: 'account.error.currentPasswordWrong' } };
  }
  const passwordHash = await hashPassword(parsed.data.password);
  await db.update(users).set({ passwordHash, tokensNotBefore: new Date() }).where(eq(users.id, userId));
  return { ok: true };
}
