/**
 * Sliding one-hour limits kept in the database (auth_attempts), so every process sharing the database
 * sees the same counts. Keys name what is counted and for whom, e.g. "signin:account:anna@example.de".
 */
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { authAttempts } from '../db/schema/auth.ts';

const hourMs = 60 * 60 * 1000;

export interface Limit {
  key: string;
  /** Attempts allowed within the last hour. */
  max: number;
}

/** True when any of the keys has reached its limit in the last hour. */
export async function isRateLimited(db: Database, limits: readonly Limit[], now = new Date()): Promise<boolean> {
  if (limits.length === 0) return false;
  const since = new Date(now.getTime() - hourMs);
  const rows = await db
    .select({ key: authAttempts.key, attempts: count() })
    .from(authAttempts)
    .where(
      and(
        inArray(
          authAttempts.key,
          limits.map((limit) => limit.key),
        ),
        gt(authAttempts.createdAt, since),
      ),
    )
    .groupBy(authAttempts.key);
  return limits.some((limit) => (rows.find((row) => row.key === limit.key)?.attempts ?? 0) >= limit.max);
}

/** Counts one attempt for each key; now and then removes rows older than a day. */
export async function recordAttempt(db: Database, keys: readonly string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(authAttempts).values(keys.map((key) => ({ key, createdAt: now })));
  if (Math.random() < 0.02) {
    await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(now.getTime() - 24 * hourMs)));
  }
}

/** Forgets the attempts of a key (e.g. an account's failures after a password reset). */
export async function resetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

export const rateLimitKeys = {
  signInAccount: (email: string) => `signin:account:${email.trim().toLowerCase()}`,
  signInAddress: (address: string) => `signin:ip:${address}`,
  registrationAddress: (address: string) => `register:ip:${address}`,
  accountMail: (email: string) => `mail:account:${email.trim().toLowerCase()}`,
  accountMailAddress: (address: string) => `mail:ip:${address}`,
};
