import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';
import { proveRegistrationConsents } from '../consent/record-registration-consent.ts';
import { consumeAccountToken } from './account-tokens.ts';

/** Uses a verification link: the address counts as verified from now on. False for a bad or used link. */
export async function verifyEmail(options: { db: Database; token: string }): Promise<boolean> {
  const { db, token } = options;
  return db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, 'verify_email', token);
    if (userId === null) return false;
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    await proveRegistrationConsents(tx, userId);
    return true;
  });
}
