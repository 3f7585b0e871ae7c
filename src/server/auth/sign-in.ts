/**
 * The e-mail + password check behind the Auth.js credentials provider. Unknown e-mail and wrong password
 * give the same answer after the same work. Failed attempts slow further ones down per account and client
 * address, and are limited per address (src/server/auth/sign-in-throttle.ts); an attempt that comes too
 * early is refused unchecked, but never the owner's from their known device or from an address they signed
 * in from before.
 */
import { CredentialsSignin } from '@auth/core/errors';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { log } from '../log.ts';
import type { KnownDevice } from './device-cookie.ts';
import { verifyAgainstDummy, verifyPassword } from './password.ts';
import {
  maxDelaySeconds,
  readSignInHistory,
  recordSignInFailure,
  signInRefusal,
  type SignInAttempt,
  type SignInLimits,
} from './sign-in-throttle.ts';

export type { SignInLimits } from './sign-in-throttle.ts';

/** Shown as `?error=CredentialsSignin&code=rate_limited` on the sign-in page (the address's hourly limit). */
export class SignInRateLimited extends CredentialsSignin {
  override code = 'rate_limited';
}

/** `code=delayed-<seconds>`: the sign-in page says when to try again. */
export const delayedCodePrefix = 'delayed-';

/** Shown as `?error=CredentialsSignin&code=delayed-<seconds>`: too early after failed attempts. */
export class SignInDelayed extends CredentialsSignin {
  constructor(retryAfterSeconds: number) {
    super();
    this.code = `${delayedCodePrefix}${retryAfterSeconds}`;
  }
}

/**
 * The whole minutes to wait named by a sign-in page's `code` (`delayed-<seconds>`), at least 1 and at most
 * the longest delay; null for any other code. The code comes from the address bar: nothing else is read.
 */
export function delayMinutesOf(code: string | null): number | null {
  if (!code?.startsWith(delayedCodePrefix)) return null;
  const seconds = Number(code.slice(delayedCodePrefix.length));
  if (!Number.isInteger(seconds) || seconds <= 0) return null;
  return Math.ceil(Math.min(seconds, maxDelaySeconds) / 60);
}

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1000),
});

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

export async function authorizeCredentials(options: {
  db: Database;
  credentials: unknown;
  clientAddress: string | null;
  /** The browser's known-device cookie, when it has a valid one. */
  device: KnownDevice | null;
  limits: SignInLimits;
  now?: Date;
}): Promise<SignedInUser | null> {
  const { db, clientAddress, limits, now = new Date() } = options;
  const parsed = signInSchema.safeParse(options.credentials);
  if (!parsed.success || parsed.data.email === '' || parsed.data.password === '') return null;
  const { email, password } = parsed.data;
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.email, email));
  const attempt: SignInAttempt = {
    email,
    userId: user?.id ?? null,
    clientAddress,
    deviceId: user && options.device?.userId === user.id ? options.device.deviceId : null,
  };
  const refusal = signInRefusal(await readSignInHistory(db, attempt, now), limits, now);
  if (refusal) {
    log('auth').info({ refusal: refusal.kind, clientAddress }, 'sign-in refused before the password check');
    throw refusal.kind === 'delayed' ? new SignInDelayed(refusal.retryAfterSeconds) : new SignInRateLimited();
  }
  const matches = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!user || !matches) {
    await recordSignInFailure(db, attempt, now);
    return null;
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return { id: String(user.id), email: user.email, name };
}
