/**
 * What the site needs to write its session cookie after an account change that opens a session (a password
 * change keeps the device it was made on signed in; a masquerade starts or ends): whom the session acts as,
 * its row in auth_sessions and a backend token for it. The cookie itself is the site's (Auth.js format,
 * src/server/auth/session-flows.ts); the rules and the rows are the backend's.
 */
import { issueBackendToken } from '../../auth/backend-token.ts';
import { claimsForSignIn, type loadUser, type MasqueradeClaims } from '../../auth/session-claims.ts';
import type { Database } from '../../db/index.ts';

export interface SessionGrant {
  /** The user the session acts as (the masqueraded user during a masquerade). */
  userId: number;
  email: string;
  name: string;
  sessionId: string;
  backendToken: string;
  /** Seconds since the epoch. */
  backendTokenIssuedAt: number;
  /** When the session row was opened, in milliseconds since the epoch. */
  openedAtMs: number;
  masquerade: MasqueradeClaims | null;
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

/** A new session of the user's own, as a sign-in opens it; null when there is no such user. */
export async function grantSignIn(
  db: Database,
  secret: Uint8Array,
  userId: number,
  now = new Date(),
): Promise<SessionGrant | null> {
  const claims = await claimsForSignIn(db, secret, userId, now);
  if (!claims) return null;
  return {
    userId: claims.uid,
    email: claims.email,
    name: claims.name,
    sessionId: claims.sessionId,
    backendToken: claims.backendToken,
    backendTokenIssuedAt: claims.backendTokenIssuedAt,
    openedAtMs: claims.signedInAtMs,
    masquerade: null,
  };
}

/** A grant for a session row opened already: the backend token names `user` (and the acting staff member). */
export async function grantOf(
  secret: Uint8Array,
  user: SessionUser,
  session: { id: string; masquerade: MasqueradeClaims | null },
  now: Date,
): Promise<SessionGrant> {
  const backendToken = await issueBackendToken(
    secret,
    { ...user, sessionId: session.id, actorUserId: session.masquerade?.staffUserId ?? null },
    now,
  );
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    sessionId: session.id,
    backendToken,
    backendTokenIssuedAt: Math.floor(now.getTime() / 1000),
    openedAtMs: now.getTime(),
    masquerade: session.masquerade,
  };
}
