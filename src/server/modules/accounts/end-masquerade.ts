import { createAuthSession, revokeAuthSession } from '../../auth/auth-sessions.ts';
import { loadUser } from '../../auth/session-claims.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { masqueradeAudit } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import type { TokenSession } from '../../graphql/context.ts';
import { grantOf, type SessionGrant } from './session-grant.ts';

/**
 * Back to the staff member's own identity, in a new session row (the masquerade's is revoked); the end is
 * audited with the client address. Null when the session is no masquerade. A token whose masquerade no
 * longer holds (revoked, the staff member gone or demoted) is refused before this runs (GraphQL context).
 */
export async function endMasquerade(options: {
  db: Database;
  secret: Uint8Array;
  viewer: Viewer;
  session: TokenSession | null;
  clientAddress: string | null;
  now?: Date;
}): Promise<SessionGrant | null> {
  const { db, secret, viewer, session, clientAddress, now = new Date() } = options;
  if (viewer.userId === null || session === null)
    throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired' });
  if (session.actorUserId === null) return null;
  const { actorUserId: staffUserId } = session;
  const targetUserId = viewer.userId;
  const staff = await loadUser(db, staffUserId);
  const sessionId = await db.transaction(async (tx) => {
    await tx.insert(masqueradeAudit).values({ staffUserId, targetUserId, action: 'end', ipAddress: clientAddress });
    await revokeAuthSession(tx, session.id, now);
    return staff ? createAuthSession(tx, staff.id, now) : null;
  });
  if (!staff || sessionId === null)
    throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return grantOf(secret, staff, { id: sessionId, masquerade: null }, now);
}
