/**
 * What every form that sets a password shares (registration of applicants and recruiters, password change,
 * password reset): the strength rule as a field error, and storing a new password, which ends every session
 * of the user and every reset link still unused.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Brand } from '../../../../brands/types.ts';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { revokeUserSessions } from '../../auth/auth-sessions.ts';
import { checkPasswordStrength, type PasswordFeedback } from '../../auth/password-strength.ts';
import type { Database } from '../../db/index.ts';
import { accountTokens } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export type { PasswordFeedback } from '../../auth/password-strength.ts';

/** A refused password: the field error and zxcvbn's feedback for the page to show (passwordFeedbackMessages). */
export interface WeakPassword {
  fieldErrors: FieldErrors & { password: 'account.error.passwordWeak' };
  passwordFeedback: PasswordFeedback;
}

/** Null when the new password is strong enough; else why not. `userInputs`: e-mail, names the user typed. */
export async function weakPassword(
  password: string,
  context: { brand: Brand; userInputs: readonly (string | null | undefined)[] },
): Promise<WeakPassword | null> {
  const verdict = await checkPasswordStrength(password, context);
  if (verdict.ok) return null;
  return { fieldErrors: { password: 'account.error.passwordWeak' }, passwordFeedback: verdict.feedback };
}

type Executor = Pick<Database, 'update'>;

/**
 * Stores a new password hash (inside the caller's transaction): every session of the user ends (its row is
 * revoked and tokens issued before now are refused), and every reset link not used yet dies with one UPDATE.
 * Returns the user's e-mail address and whether it was verified, or null when there is no such user.
 */
export async function storeNewPassword(
  tx: Executor,
  options: { userId: number; passwordHash: string; now: Date },
): Promise<{ email: string; emailVerified: boolean } | null> {
  const { userId, passwordHash, now } = options;
  const [user] = await tx
    .update(users)
    .set({ passwordHash, tokensNotBefore: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email, verifiedAt: users.emailVerifiedAt });
  if (!user) return null;
  await revokeUserSessions(tx, userId, now);
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'reset_password'), isNull(accountTokens.usedAt)),
    );
  return { email: user.email, emailVerified: user.verifiedAt !== null };
}
