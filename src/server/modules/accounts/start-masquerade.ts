import { z } from 'zod';
import { createAuthSession, revokeAuthSession } from '../../auth/auth-sessions.ts';
import { loadUser } from '../../auth/session-claims.ts';
import { canMasquerade, canMasqueradeAs } from '../../../lib/roles.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { masqueradeAudit } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import type { TokenSession } from '../../graphql/context.ts';
import { parseInput } from '../../validation.ts';
import { grantOf, type SessionGrant } from './session-grant.ts';

export type MasqueradeRefusal = 'already_masquerading' | 'not_staff' | 'self' | 'no_user' | 'rank';

/** A refused masquerade: FORBIDDEN, with the reason in `extensions.reason` (the site logs it). */
export function masqueradeRefused(reason: MasqueradeRefusal, message: string): AppError {
  return new AppError('FORBIDDEN', message, { reason });
}

const inputSchema = z.object({
  userId: z.int({ error: 'userId must be a whole number' }).positive({ error: 'userId must be a positive number' }),
});

/**
 * Masquerade (SPEC section 2: "Sessions may be masqueraded"), staff only, and only as a user whose highest
 * role ranks below the staff member's own (canMasqueradeAs): the session acts as the user from now on, in a
 * new session row that belongs to the staff member (the one of the token is revoked); the start is audited
 * with the client address. Returns the session for the site's cookie.
 */
export async function startMasquerade(options: {
  db: Database;
  secret: Uint8Array;
  viewer: Viewer;
  session: TokenSession | null;
  input: unknown;
  clientAddress: string | null;
  now?: Date;
}): Promise<SessionGrant> {
  const { db, secret, viewer, session, clientAddress, now = new Date() } = options;
  const { userId: targetUserId } = parseInput(inputSchema, options.input);
  if (viewer.userId === null || session === null)
    throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired' });
  if (session.actorUserId !== null)
    throw masqueradeRefused('already_masquerading', 'End the current masquerade first.');
  const staff = await loadUser(db, viewer.userId);
  if (!staff || !canMasquerade(staff.roles)) throw masqueradeRefused('not_staff', 'Staff only.');
  if (targetUserId === staff.id) throw masqueradeRefused('self', 'You cannot masquerade as yourself.');
  const target = await loadUser(db, targetUserId);
  if (!target) throw masqueradeRefused('no_user', 'No such user.');
  if (!canMasqueradeAs(staff.roles, target.roles)) {
    throw masqueradeRefused('rank', 'Staff may act only as users whose role ranks below their own.');
  }
  const sessionId = await db.transaction(async (tx) => {
    await revokeAuthSession(tx, session.id, now);
    await tx
      .insert(masqueradeAudit)
      .values({ staffUserId: staff.id, targetUserId, action: 'start', ipAddress: clientAddress });
    return createAuthSession(tx, staff.id, now);
  });
  const masquerade = { staffUserId: staff.id, staffEmail: staff.email, startedAt: Math.floor(now.getTime() / 1000) };
  return grantOf(secret, target, { id: sessionId, masquerade }, now);
}
