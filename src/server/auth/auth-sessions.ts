/**
 * Revocable sign-in sessions (table auth_sessions). Every sign-in (credentials, social, a masquerade, the
 * fresh session after a password change) inserts a row; its id travels in the session cookie's claims and
 * in the backend token (`sid`). Signing out revokes the row, "sign out everywhere" and a new password
 * revoke all of the user's rows, and a token whose row is revoked or unknown is refused on every request
 * (src/server/graphql/context.ts, and refreshClaims for the Auth.js session).
 */
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { authSessions } from '../db/schema/auth.ts';

type Executor = Pick<Database, 'insert' | 'delete'>;

/** Session ids are uuids; anything else is refused before it reaches the database (a malformed uuid errs). */
export const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revoked rows are kept a day (for the record), then deleted now and then; an unknown id is refused too. */
const keepRevokedMs = 24 * 60 * 60 * 1000;

export async function createAuthSession(db: Executor, userId: number, now = new Date()): Promise<string> {
  const [row] = await db.insert(authSessions).values({ userId, createdAt: now }).returning({ id: authSessions.id });
  if (!row) throw new Error('auth session not inserted');
  if (Math.random() < 0.02) {
    await db
      .delete(authSessions)
      .where(
        and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, new Date(now.getTime() - keepRevokedMs))),
      );
  }
  return row.id;
}

/** Ends one session (sign-out, the end of a masquerade). */
export async function revokeAuthSession(
  db: Pick<Database, 'update'>,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  if (!sessionIdPattern.test(sessionId)) return;
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user on every device ("sign out everywhere", a new password). */
export async function revokeUserSessions(
  db: Pick<Database, 'update'>,
  userId: number,
  now = new Date(),
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Whether a session exists and has not been revoked. */
export async function isAuthSessionLive(db: Pick<Database, 'select'>, sessionId: string): Promise<boolean> {
  if (!sessionIdPattern.test(sessionId)) return false;
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  return rows.length > 0;
}
