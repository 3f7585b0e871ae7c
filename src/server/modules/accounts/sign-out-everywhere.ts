import { eq } from 'drizzle-orm';
import { revokeUserSessions } from '../../auth/auth-sessions.ts';
import type { Database } from '../../db/index.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Ends every session of the user on every device: their rows in auth_sessions are revoked, and backend
 * tokens and Auth.js sessions issued before now are refused (users.tokens_not_before); both are checked by
 * the GraphQL context and the jwt callback.
 */
export async function signOutEverywhere(options: { db: Database; userId: number; now?: Date }): Promise<void> {
  const { db, userId, now = new Date() } = options;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ tokensNotBefore: now }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, now);
  });
}
