/**
 * Failed sign-ins slow guessing down without locking the owner out. Failures are rows in auth_attempts
 * (src/server/auth/rate-limit.ts) counted over the last hour under several keys:
 *
 * - per account and client address: no delay for the first 5 failures, then 1 s, 2 s, 4 s … (capped at
 *   15 minutes) after the latest one;
 * - per account from every address: the same delay once SIGNIN_FAILURES_PER_ACCOUNT failures are reached,
 *   so guessing spread over many addresses slows down too;
 * - per client address over all accounts: at most SIGNIN_FAILURES_PER_IP failures an hour;
 * - per known device (src/server/auth/device-cookie.ts): the same delay as per account and address.
 *
 * An attempt that comes before its delay ends is refused unchecked. The owner is never refused because of
 * what others did: from a known device only that device's own failures count; from an address that signed
 * in to the account successfully before, only the address limit counts (it limits that address's guesses
 * whoever uses it). Successful sign-ins are remembered per user and address for 90 days.
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { authAttempts } from '../db/schema/auth.ts';
import { rateLimitKeys, recordAttempt, resetAttempts, windowMs } from './rate-limit.ts';

/** Failures per account and address (and per device) before the first delay. */
export const freeFailures = 5;
export const maxDelaySeconds = 15 * 60;
/** How long a successful sign-in makes its address known for the account. */
export const knownAddressMs = 90 * 24 * 60 * 60 * 1000;

/**
 * Seconds to wait after the latest failure once `failures` have been counted: none below `free`, then
 * 1 s for the `free`-th, doubling with each further one, at most `maxDelaySeconds`.
 */
export function signInDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free, 30), maxDelaySeconds);
}

/** Failures counted under one key in the last hour, and when the latest happened. */
export interface FailureCount {
  failures: number;
  latest: Date | null;
}

const none: FailureCount = { failures: 0, latest: null };

/** What the database says about an attempt before its password is checked. */
export interface SignInHistory {
  account: FailureCount;
  accountAddress: FailureCount;
  address: FailureCount;
  device: FailureCount;
  /** The attempt comes from the user's known device. */
  knownDevice: boolean;
  /** The user signed in successfully from this address before. */
  knownAddress: boolean;
}

export interface SignInLimits {
  /** Failures per account (all addresses) before its delay starts: SIGNIN_FAILURES_PER_ACCOUNT. */
  perAccount: number;
  /** Failures per client address and hour: SIGNIN_FAILURES_PER_IP. */
  perAddress: number;
}

export type SignInRefusal = { kind: 'delayed'; retryAfterSeconds: number } | { kind: 'address_limit' };

function remainingSeconds(count: FailureCount, free: number, now: Date): number {
  const delay = signInDelaySeconds(count.failures, free);
  if (delay === 0 || count.latest === null) return 0;
  return Math.max(0, Math.ceil((count.latest.getTime() + delay * 1000 - now.getTime()) / 1000));
}

/** Whether an attempt is refused before its password is checked, and why. */
export function signInRefusal(history: SignInHistory, limits: SignInLimits, now: Date): SignInRefusal | null {
  const waits: number[] = [];
  if (history.knownDevice) {
    waits.push(remainingSeconds(history.device, freeFailures, now));
  } else {
    if (history.address.failures >= limits.perAddress) return { kind: 'address_limit' };
    if (!history.knownAddress) {
      waits.push(remainingSeconds(history.accountAddress, freeFailures, now));
      waits.push(remainingSeconds(history.account, limits.perAccount, now));
    }
  }
  const retryAfterSeconds = Math.max(0, ...waits);
  return retryAfterSeconds > 0 ? { kind: 'delayed', retryAfterSeconds } : null;
}

export interface SignInAttempt {
  email: string;
  /** The account's user, when the address has one. */
  userId: number | null;
  clientAddress: string | null;
  /** The known device's id, when the browser is the user's known device. */
  deviceId: string | null;
}

function keysOf(attempt: SignInAttempt) {
  const { email, userId, clientAddress, deviceId } = attempt;
  return {
    account: rateLimitKeys.signInAccount(email),
    accountAddress: clientAddress ? rateLimitKeys.signInAccountAddress(email, clientAddress) : null,
    address: clientAddress ? rateLimitKeys.signInAddress(clientAddress) : null,
    device: deviceId ? rateLimitKeys.signInDevice(deviceId) : null,
    knownAddress: userId !== null && clientAddress ? rateLimitKeys.knownSignInAddress(userId, clientAddress) : null,
  };
}

/** One query: the failures of the last hour under every key of the attempt, and whether its address is known. */
export async function readSignInHistory(
  db: Pick<Database, 'select'>,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInHistory> {
  const keys = keysOf(attempt);
  const wanted = Object.values(keys).filter((key): key is string => key !== null);
  const hourAgo = new Date(now.getTime() - windowMs);
  const rows = await db
    .select({
      key: authAttempts.key,
      failures:
        sql<number>`count(*) filter (where ${authAttempts.createdAt} > ${hourAgo.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      latest: sql<Date | null>`max(${authAttempts.createdAt})`.mapWith(authAttempts.createdAt),
    })
    .from(authAttempts)
    .where(and(inArray(authAttempts.key, wanted), gt(authAttempts.createdAt, new Date(now.getTime() - knownAddressMs))))
    .groupBy(authAttempts.key);
  const countOf = (key: string | null): FailureCount => {
    const row = key === null ? undefined : rows.find((candidate) => candidate.key === key);
    return row && row.failures > 0 ? { failures: row.failures, latest: row.latest } : none;
  };
  return {
    account: countOf(keys.account),
    accountAddress: countOf(keys.accountAddress),
    address: countOf(keys.address),
    device: countOf(keys.device),
    knownDevice: attempt.deviceId !== null,
    knownAddress: keys.knownAddress !== null && rows.some((row) => row.key === keys.knownAddress),
  };
}

/** Counts a failed attempt under each of its keys. */
export async function recordSignInFailure(db: Database, attempt: SignInAttempt, now = new Date()): Promise<void> {
  const { account, accountAddress, address, device } = keysOf(attempt);
  await recordAttempt(
    db,
    [account, accountAddress, address, device].filter((key): key is string => key !== null),
    now,
  );
}

/**
 * After a successful sign-in: the address becomes known for the user (refreshed), and the failures from
 * this address and this device on the account are forgotten.
 */
export async function recordSignInSuccess(db: Database, attempt: SignInAttempt, now = new Date()): Promise<void> {
  const { accountAddress, device, knownAddress } = keysOf(attempt);
  for (const key of [accountAddress, device, knownAddress]) if (key !== null) await resetAttempts(db, key);
  if (knownAddress !== null) await recordAttempt(db, [knownAddress], now);
}
