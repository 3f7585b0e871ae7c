/**
 * What the Auth.js session JWT carries beyond its standard claims, and the rules that keep it honest:
 * the backend token (SPEC section 3: "Session carries a jwt") is issued from the user's database roles at
 * sign-in and renewed while the session is used; a session older than the user's tokens_not_before (sign
 * out everywhere, password change) ends; a masquerade keeps the staff member's own identity alongside; a
 * session that began with a new social sign-up says so (SPEC section 4: the browser sends one signup-start
 * event for it) until it ends.
 */
import type { JWT } from '@auth/core/jwt';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { masqueradeAudit } from '../db/schema/auth.ts';
import { userRoles, users, type RoleId } from '../db/schema/users.ts';
import { issueBackendToken } from './backend-token.ts';
import { isStaff } from './viewer.ts';

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
  return {
    uid: user.id,
    email: user.email,
    name: user.name,
    backendToken: await issueBackendToken(secret, user, now),
    backendTokenIssuedAt: nowSeconds(now),
    signedInAtMs: now.getTime(),
    masquerade: null,
    signupStart: null,
  };
}

/**
 * The claims for the next use of a session, or null when the session has ended: the signed-in person no
 * longer exists or signed out everywhere since, or a masquerading staff member lost the staff role.
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
  let current = claims;
  if (claims.masquerade) {
    const target = await loadUser(db, claims.uid);
    if (!isStaff({ userId: person.id, roles: person.roles })) return null;
    if (!target) current = await withBackendToken(secret, person, { ...claims, masquerade: null }, now);
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
    backendToken: await issueBackendToken(secret, user, now),
    backendTokenIssuedAt: nowSeconds(now),
  };
}

export class MasqueradeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasqueradeRefused';
  }
}

/** Staff only: the session acts as `targetUserId` from now on; the start is audited. */
export async function startMasquerade(options: {
  db: Database;
  secret: Uint8Array;
  claims: SessionClaims;
  targetUserId: number;
  ipAddress: string | null;
  now?: Date;
}): Promise<SessionClaims> {
  const { db, secret, claims, targetUserId, ipAddress, now = new Date() } = options;
  if (claims.masquerade) throw new MasqueradeRefused('End the current masquerade first.');
  const staff = await loadUser(db, claims.uid);
  if (!staff || !isStaff({ userId: staff.id, roles: staff.roles })) throw new MasqueradeRefused('Staff only.');
  if (targetUserId === staff.id) throw new MasqueradeRefused('You cannot masquerade as yourself.');
  const target = await loadUser(db, targetUserId);
  if (!target) throw new MasqueradeRefused('No such user.');
  await db.insert(masqueradeAudit).values({ staffUserId: staff.id, targetUserId, action: 'start', ipAddress });
  return withBackendToken(
    secret,
    target,
    {
      ...claims,
      masquerade: { staffUserId: staff.id, staffEmail: staff.email, startedAt: nowSeconds(now) },
      // Staff acting as a user are not that user signing up.
      signupStart: null,
    },
    now,
  );
}

/** Back to the staff member's own identity; the end is audited. */
export async function endMasquerade(options: {
  db: Database;
  secret: Uint8Array;
  claims: SessionClaims;
  ipAddress: string | null;
  now?: Date;
}): Promise<SessionClaims | null> {
  const { db, secret, claims, ipAddress, now = new Date() } = options;
  if (!claims.masquerade) return claims;
  const staff = await loadUser(db, claims.masquerade.staffUserId);
  await db
    .insert(masqueradeAudit)
    .values({ staffUserId: claims.masquerade.staffUserId, targetUserId: claims.uid, action: 'end', ipAddress });
  if (!staff) return null;
  return withBackendToken(secret, staff, { ...claims, masquerade: null, signupStart: null }, now);
}

/** Claims read back from a decoded session JWT; null when the payload is not one of ours. */
export function parseClaims(payload: Record<string, unknown> | null | undefined): SessionClaims | null {
  if (!payload) return null;
  const { uid, email, name, backendToken, backendTokenIssuedAt, signedInAtMs, masquerade, signupStart } = payload;
  if (
    typeof uid !== 'number' ||
    typeof email !== 'string' ||
    typeof backendToken !== 'string' ||
    typeof backendTokenIssuedAt !== 'number' ||
    typeof signedInAtMs !== 'number'
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
    masquerade: parsedMasquerade,
    signupStart: parsedMasquerade ? null : parsedSignupStart,
  };
}
