/**
 * Sliding one-hour limits kept in the database (auth_attempts), so every process sharing the database
 * sees the same counts. Keys name what is counted and for whom, e.g. "signin:account:anna@example.de".
 */
import { and, count, eq, gt, inArray, lt, notLike, or } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { authAttempts } from '../db/schema/auth.ts';

const hourMs = 60 * 60 * 1000;
/** Limits count the attempts of this sliding window. */
export const windowMs = hourMs;
/** Rows kept longer than a day: the addresses a user signed in from (src/server/auth/sign-in-throttle.ts). */
const knownAddressPrefix = 'signin:known:';
const knownAddressKeepMs = 90 * 24 * hourMs;

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

/** Counts one attempt for each key; now and then removes rows older than a day (known addresses: 90 days). */
export async function recordAttempt(db: Database, keys: readonly string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(authAttempts).values(keys.map((key) => ({ key, createdAt: now })));
  if (Math.random() < 0.02) {
    await db
      .delete(authAttempts)
      .where(
        or(
          and(
            lt(authAttempts.createdAt, new Date(now.getTime() - 24 * hourMs)),
            notLike(authAttempts.key, `${knownAddressPrefix}%`),
          ),
          lt(authAttempts.createdAt, new Date(now.getTime() - knownAddressKeepMs)),
        ),
      );
  }
}

/** Forgets the attempts of a key (e.g. an account's failures after a password reset). */
export async function resetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

export const rateLimitKeys = {
  signInAccount: (email: string) => `signin:account:${email.trim().toLowerCase()}`,
  signInAccountAddress: (email: string, address: string) =>
    `signin:account-ip:${email.trim().toLowerCase()}|${address}`,
  signInAddress: (address: string) => `signin:ip:${address}`,
  signInDevice: (deviceId: string) => `signin:device:${deviceId}`,
  /** A successful sign-in of the user from the address (not a failure: kept 90 days). */
  knownSignInAddress: (userId: number, address: string) => `${knownAddressPrefix}${userId}|${address}`,
  registrationAddress: (address: string) => `register:ip:${address}`,
  accountMail: (email: string) => `mail:account:${email.trim().toLowerCase()}`,
  registrationAttemptMail: (email: string) => `mail:registration:${email.trim().toLowerCase()}`,
  accountMailAddress: (address: string) => `mail:ip:${address}`,
};
