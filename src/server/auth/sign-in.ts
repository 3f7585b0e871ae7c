/**
 * The e-mail + password check behind the Auth.js credentials provider. Unknown e-mail and wrong password
 * give the same answer after the same work; failures count against the account and the client address
 * (src/server/auth/rate-limit.ts), and once either limit is reached every attempt is refused unchecked.
 */
import { CredentialsSignin } from '@auth/core/errors';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema/users.ts';
import { verifyAgainstDummy, verifyPassword } from './password.ts';
import { isRateLimited, rateLimitKeys, recordAttempt } from './rate-limit.ts';

/** Shown as `?error=CredentialsSignin&code=rate_limited` on the sign-in page. */
export class SignInRateLimited extends CredentialsSignin {
  override code = 'rate_limited';
}

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1000),
});

export interface SignInLimits {
  perAccount: number;
  perAddress: number;
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

export async function authorizeCredentials(options: {
  db: Database;
  credentials: unknown;
  clientAddress: string | null;
  limits: SignInLimits;
}): Promise<SignedInUser | null> {
  const { db, clientAddress, limits } = options;
  const parsed = signInSchema.safeParse(options.credentials);
  if (!parsed.success || parsed.data.email === '' || parsed.data.password === '') return null;
  const { email, password } = parsed.data;
  const keys = [
    { key: rateLimitKeys.signInAccount(email), max: limits.perAccount },
    ...(clientAddress ? [{ key: rateLimitKeys.signInAddress(clientAddress), max: limits.perAddress }] : []),
  ];
  if (await isRateLimited(db, keys)) throw new SignInRateLimited();
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
  const matches = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstDummy(password);
  if (!user || !matches) {
    await recordAttempt(
      db,
      keys.map((limit) => limit.key),
    );
    return null;
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return { id: String(user.id), email: user.email, name };
}
