/**
 * The session of a page request, read in the middleware straight from the session cookie (decoded with
 * the run-time secret, no HTTP round trip to /api/auth/session), and the user behind it, loaded through
 * the backend with the session's backend token.
 */
import { decode } from '@auth/core/jwt';
import { getUser, type SessionUser } from '../../lib/operations/session.ts';
import { BackendGraphQLError, type BackendClient } from '../../lib/backend-client/index.ts';
import { usesSecureCookies } from './auth-url.ts';
import { getAuthSecretText } from './secret.ts';
import { parseClaims, type SessionClaims } from './session-claims.ts';
import { joinSessionChunks, parseCookieHeader, sessionCookieName } from './session-cookies.ts';
import { logUnexpected } from '../log.ts';

export interface PageSession {
  user: SessionUser;
  backendToken: string;
  /** Set while a staff member acts as `user`. */
  masquerade: { staffUserId: number; staffEmail: string } | null;
}

export interface SessionCookieState {
  /** The decoded claims, or null when there is no (valid) session cookie. */
  claims: SessionClaims | null;
  /** Whether any session cookie was sent (valid or not). */
  present: boolean;
  cookieNames: string[];
  cookieName: string;
  secure: boolean;
}

export async function readSessionCookie(request: Request): Promise<SessionCookieState> {
  const secure = usesSecureCookies();
  const cookieName = sessionCookieName(secure);
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const value = joinSessionChunks(cookies, cookieName);
  const state = { claims: null, present: value !== undefined, cookieNames: Object.keys(cookies), cookieName, secure };
  if (value === undefined) return state;
  try {
    const payload = await decode({ token: value, secret: getAuthSecretText(), salt: cookieName });
    // Auth.js checks expiry with 15 s tolerance while decrypting; an expired token throws.
    return { ...state, claims: parseClaims(payload) };
  } catch {
    return state;
  }
}

export type SessionUserResult =
  | { kind: 'user'; user: SessionUser }
  /** SPEC section 8: the backend refused the token or has no such user: sign the visitor out. */
  | { kind: 'refused' }
  /** The backend could not answer (network, server error): treat the page as anonymous for now. */
  | { kind: 'unavailable' };

export async function loadSessionUser(backend: BackendClient): Promise<SessionUserResult> {
  try {
    const { getUser: user } = await backend.request(getUser, {});
    return user ? { kind: 'user', user } : { kind: 'refused' };
  } catch (error) {
    if (error instanceof BackendGraphQLError && error.errorCodes.includes('UNAUTHENTICATED'))
      return { kind: 'refused' };
    logUnexpected('auth', 'session user could not be loaded', error);
    return { kind: 'unavailable' };
  }
}
