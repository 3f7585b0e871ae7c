/**
 * Single-use, expiring tokens for links sent by mail (e-mail verification, password reset). The link
 * carries 32 random bytes; the database keeps only their SHA-256, so a leaked table opens no account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema/auth.ts';

export const accountTokenLifetimeMs: Record<AccountTokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type Executor = Pick<Database, 'insert' | 'update'>;

export async function createAccountToken(
  db: Executor,
  userId: number,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + accountTokenLifetimeMs[purpose]),
  });
  return token;
}

/**
 * Uses a token up: the user id when it was valid, unused and unexpired, else null. One UPDATE marks it
 * used, so two requests racing with the same token cannot both succeed.
 */
export async function consumeAccountToken(
  db: Executor,
  purpose: AccountTokenPurpose,
  token: string,
  now = new Date(),
): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** The user of a token that would be accepted, without using it (null for a bad, used or expired token). */
export async function usableAccountTokenUser(
  db: Pick<Database, 'select'>,
  purpose: AccountTokenPurpose,
  token: string,
  now = new Date(),
): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row?.userId ?? null;
}

/** Whether a token would be accepted, without using it (the reset form checks before asking for a password). */
export async function isAccountTokenUsable(
  db: Pick<Database, 'select'>,
  purpose: AccountTokenPurpose,
  token: string,
  now = new Date(),
): Promise<boolean> {
  return (await usableAccountTokenUser(db, purpose, token, now)) !== null;
}
