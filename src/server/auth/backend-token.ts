import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { isRoleId, type RoleId } from '../../lib/roles.ts';
import { sessionIdPattern } from './auth-sessions.ts';

/** SPEC section 9: tokens live 30 days and tolerate 15 s of clock skew. */
export const tokenMaxAgeSeconds = 30 * 24 * 60 * 60;
export const clockToleranceSeconds = 15;
const issuer = 'jobboard';
const audience = 'jobboard-backend';

export interface BackendTokenClaims {
  userId: number;
  roles: RoleId[];
  /** SPEC section 6: server OAuth scopes applicant and recruiter. */
  scopes: ('applicant' | 'recruiter')[];
  /**
   * Seconds since the epoch, with millisecond fractions: a not-before time set by "sign out everywhere"
   * must tell a token issued a moment before it from one issued a moment after, within the same second.
   */
  issuedAt: number;
  /** The sign-in session (auth_sessions) the token belongs to: refused once it is revoked. */
  sessionId: string;
  /** During a masquerade: the staff member acting as `userId` (RFC 8693's `act`), else null. */
  actorUserId: number | null;
}

export async function issueBackendToken(
  secret: Uint8Array,
  user: { id: number; roles: readonly RoleId[]; sessionId: string; actorUserId?: number | null },
  now: Date = new Date(),
): Promise<string> {
  const scopes = (['applicant', 'recruiter'] as const).filter((scope) => user.roles.includes(scope));
  const issuedAt = Math.floor(now.getTime() / 1000);
  const actor = user.actorUserId ? { act: { sub: String(user.actorUserId) } } : {};
  return new SignJWT({
    roles: [...user.roles],
    scope: scopes.join(' '),
    iat_ms: now.getTime(),
    sid: user.sessionId,
    ...actor,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + tokenMaxAgeSeconds)
    .sign(secret);
}

/**
 * The claims of a valid token, or null for a token that is malformed, forged or expired, or that names no
 * session (tokens from before sessions were revocable).
 */
export async function verifyBackendToken(
  secret: Uint8Array,
  token: string,
  now: Date = new Date(),
): Promise<BackendTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer,
      audience,
      algorithms: ['HS256'],
      clockTolerance: clockToleranceSeconds,
      maxTokenAge: tokenMaxAgeSeconds,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || payload.iat === undefined) return null;
    if (typeof payload.sid !== 'string' || !sessionIdPattern.test(payload.sid)) return null;
    const actorUserId = actorOf(payload.act);
    if (actorUserId === undefined) return null;
    const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRoleId) : [];
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    return {
      userId,
      roles,
      scopes: scopes.filter(
        (scope): scope is 'applicant' | 'recruiter' => scope === 'applicant' || scope === 'recruiter',
      ),
      issuedAt: preciseIssuedAt(payload.iat, payload.iat_ms),
      sessionId: payload.sid,
      actorUserId,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** `iat` refined by the millisecond claim when both name the same second (an older token has only `iat`). */
function preciseIssuedAt(iat: number, iatMs: unknown): number {
  return typeof iatMs === 'number' && Math.floor(iatMs / 1000) === iat ? iatMs / 1000 : iat;
}

/** The acting user id of an `act` claim: null without one, undefined (refuse) for a malformed one. */
function actorOf(act: unknown): number | null | undefined {
  if (act === undefined) return null;
  const sub = act && typeof act === 'object' ? (act as { sub?: unknown }).sub : undefined;
  const id = typeof sub === 'string' ? Number(sub) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
