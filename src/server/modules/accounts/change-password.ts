import { eq } from 'drizzle-orm';
import type { Brand } from '../../../../brands/types.ts';
import { changePasswordSchema, fieldErrorsOf } from '../../../lib/account/schemas.ts';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { storeNewPassword, weakPassword, type PasswordFeedback } from './new-password.ts';

/**
 * A new password for a signed-in user who knows the current one. Every session ends, this one included
 * (the page opens a fresh one for this device), and so does every unused reset link.
 */
export async function changePassword(options: {
  db: Database;
  userId: number;
  input: unknown;
  brand: Brand;
}): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors; passwordFeedback?: PasswordFeedback }> {
  const { db, userId } = options;
  const parsed = changePasswordSchema.safeParse(options.input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const [user] = await db
    .select({
      passwordHash: users.passwordHash,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
    return { ok: false, fieldErrors: { currentPassword: 'account.error.currentPasswordWrong' } };
  }
  const weak = await weakPassword(parsed.data.password, {
    brand: options.brand,
    userInputs: [user.email, user.firstName, user.lastName, user.displayName],
  });
  if (weak) return { ok: false, ...weak };
  const passwordHash = await hashPassword(parsed.data.password);
  await db.transaction((tx) => storeNewPassword(tx, { userId, passwordHash, now: new Date() }));
  return { ok: true };
}
