/**
 * What the Auth.js session JWT carries beyond its standard claims, and the rules that keep it honest:
 * every sign-in opens a row in auth_sessions (src/server/auth/auth-sessions.ts) whose id the session and its
 * backend token carry; the backend token (SPEC section 3: "Session carries a jwt") is issued from the user's
 * database roles at sign-in and renewed while the session is used; a session whose row was revoked (sign
 * out, sign out everywhere, a new password) or that is older than the user's tokens_not_before ends; a
 * masquerade keeps the staff member's own identity alongside; a session that began with a new social
 * sign-up says so (SPEC section 4: the browser sends one signup-start event for it) until it ends.
 */
import type { JWT } from '@auth/core/jwt';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { userRoles, users, type RoleId } from '../db/schema/users.ts';
import { createAuthSession, isAuthSessionLive, revokeAuthSession, sessionIdPattern } from './auth-sessions.ts';
import { issueBackendToken } from './backend-token.ts';
import { canMasquerade, canMasqueradeAs } from '../../lib/roles.ts';

export interface MasqueradeClaims {
  /** The staff member who acts as `uid`. */
  staffUserId: number;
  staffEmail: string;
  startedAt: number;
}

/** The session began by creating a user through a social provider (Auth.js's provider id as `method`). */
export interface SignupStartClaims {
  method: string;
}

export interface SessionClaims {
  /** The user the session acts as (the masqueraded user during a masquerade). */
  uid: number;
  email: string;
  name: string;
  /** Bearer token for the GraphQL backend, for `uid`. */
  backendToken: string;
  /** Seconds since the epoch. */
  backendTokenIssuedAt: number;
  /** When the signed-in person (the staff member during a masquerade) signed in; milliseconds since the epoch. */
  signedInAtMs: number;
  /**
   * The session's row in auth_sessions; during a masquerade the row the masquerade opened, which belongs to
   * the staff member (their sign-out, or signing out everywhere, ends it).
   */
  sessionId: string;
  masquerade: MasqueradeClaims | null;
  /**
   * Set only in the session whose sign-in created the user; the next sign-in, a password change (a new
   * session) or a masquerade has none, which is how the browser learns that the flag cleared.
   */
  signupStart: SignupStartClaims | null;
}

/** SPEC section 9: login token max age 30 days; the session lives as long. */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;

/** Claims go into the Auth.js JWT next to its own (sub, name, email, iat, exp, jti). */
export function toJwt(claims: SessionClaims): JWT {
  return { ...claims, sub: String(claims.uid), name: claims.name, email: claims.email };
}

/** A backend token this old is replaced when the session is next refreshed (it lives 30 days). */
const backendTokenRenewalSeconds = 12 * 60 * 60;

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

interface LoadedUser {
  id: number;
  email: string;
  name: string;
  tokensNotBefore: Date | null;
  roles: RoleId[];
}

export async function loadUser(db: Database, userId: number): Promise<LoadedUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      tokensNotBefore: users.tokensNotBefore,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return {
    id: user.id,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    tokensNotBefore: user.tokensNotBefore,
    roles: roles.map((row) => row.role),
  };
}

/** Whether a session that began at `signedInAtMs` survives the user's not-before time. */
export function isStillValid(user: { tokensNotBefore: Date | null }, signedInAtMs: number): boolean {
  return user.tokensNotBefore === null || signedInAtMs >= user.tokensNotBefore.getTime();
}

export async function claimsForSignIn(
  db: Database,
  secret: Uint8Array,
  userId: number,
  now = new Date(),
): Promise<SessionClaims | null> {
  const user = await loadUser(db, userId);
  if (!user) return null;
  const sessionId = await createAuthSession(db, user.id, now);
  return {
    uid: user.id,
    email: user.email,
    name: user.name,
    backendToken: await issueBackendToken(secret, { ...user, sessionId }, now),
    backendTokenIssuedAt: nowSeconds(now),
    signedInAtMs: now.getTime(),
    sessionId,
    masquerade: null,
    signupStart: null,
  };
}

/**
 * The claims for the next use of a session, or null when the session has ended: it was revoked, the
 * signed-in person no longer exists or signed out everywhere since, or a masquerading staff member may no
 * longer act as the user (lost the staff role, or the user now ranks as high).
 */
export async function refreshClaims(
  db: Database,
  secret: Uint8Array,
  claims: SessionClaims,
  now = new Date(),
): Promise<SessionClaims | null> {
  const personId = claims.masquerade?.staffUserId ?? claims.uid;
  const person = await loadUser(db, personId);
  if (!person || !isStillValid(person, claims.signedInAtMs)) return null;
  if (!(await isAuthSessionLive(db, claims.sessionId))) return null;
  let current = claims;
  if (claims.masquerade) {
    if (!canMasquerade(person.roles)) return null;
    const target = await loadUser(db, claims.uid);
    if (!target) current = await withBackendToken(secret, person, { ...claims, masquerade: null }, now);
    else if (!canMasqueradeAs(person.roles, target.roles)) return null;
    else current = { ...claims, email: target.email, name: target.name };
  } else {
    current = { ...claims, email: person.email, name: person.name };
  }
  if (nowSeconds(now) - current.backendTokenIssuedAt >= backendTokenRenewalSeconds) {
    const subject = current.uid === person.id ? person : await loadUser(db, current.uid);
    if (!subject) return null;
    current = await withBackendToken(secret, subject, current, now);
  }
  return current;
}

async function withBackendToken(
  secret: Uint8Array,
  user: LoadedUser,
  claims: SessionClaims,
  now: Date,
): Promise<SessionClaims> {
  return {
    ...claims,
    uid: user.id,
    email: user.email,
    name: user.name,
    backendToken: await issueBackendToken(
      secret,
      { ...user, sessionId: claims.sessionId, actorUserId: claims.masquerade?.staffUserId ?? null },
      now,
    ),
    backendTokenIssuedAt: nowSeconds(now),
  };
}

/** Sign-out: the session's row is revoked, so its cookie and backend token are refused from now on. */
export async function endSession(db: Database, claims: SessionClaims, now = new Date()): Promise<void> {
  await revokeAuthSession(db, claims.sessionId, now);
}

/** Claims read back from a decoded session JWT; null when the payload is not one of ours. */
export function parseClaims(payload: Record<string, unknown> | null | undefined): SessionClaims | null {
  if (!payload) return null;
  const { uid, email, name, backendToken, backendTokenIssuedAt, signedInAtMs, sessionId, masquerade, signupStart } =
    payload;
  if (
    typeof uid !== 'number' ||
    typeof email !== 'string' ||
    typeof backendToken !== 'string' ||
    typeof backendTokenIssuedAt !== 'number' ||
    typeof signedInAtMs !== 'number' ||
    // Sessions from before sessions were revocable carry no row: they are not ours any more.
    typeof sessionId !== 'string' ||
    !sessionIdPattern.test(sessionId)
  ) {
    return null;
  }
  let parsedMasquerade: MasqueradeClaims | null = null;
  if (masquerade && typeof masquerade === 'object') {
    const { staffUserId, staffEmail, startedAt } = masquerade as Record<string, unknown>;
    if (typeof staffUserId === 'number' && typeof staffEmail === 'string' && typeof startedAt === 'number') {
      parsedMasquerade = { staffUserId, staffEmail, startedAt };
    }
  }
  // Sessions issued before the flag existed have no signupStart: they did not begin with a sign-up now.
  let parsedSignupStart: SignupStartClaims | null = null;
  if (signupStart && typeof signupStart === 'object') {
    const { method } = signupStart as Record<string, unknown>;
    if (typeof method === 'string' && method) parsedSignupStart = { method };
  }
  return {
    uid,
    email,
    name: typeof name === 'string' ? name : email,
    backendToken,
    backendTokenIssuedAt,
    signedInAtMs,
    sessionId,
    masquerade: parsedMasquerade,
    signupStart: parsedMasquerade ? null : parsedSignupStart,
  };
}
