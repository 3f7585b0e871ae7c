/**
 * The session of a request, read straight from the session cookie (decoded with the run-time secret, no
 * HTTP round trip to /api/auth/session). Routes reach it through session-flows.ts; the user behind it is
 * loaded through the backend (src/features/account/page-session.ts).
 */
import { decode } from '@auth/core/jwt';
import { usesSecureCookies } from './auth-url.ts';
import { getAuthSecretText } from './secret.ts';
import { parseClaims, type SessionClaims } from './session-claims.ts';
import { joinSessionChunks, parseCookieHeader, sessionCookieName } from './session-cookies.ts';

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

/**
 * Whether the request carries a session cookie at all, valid or not: such a request is never answered from,
 * nor kept in, the page cache (src/server/page-cache), so no visitor ever sees a page rendered for another.
 */
export function hasSessionCookie(request: Request): boolean {
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  return joinSessionChunks(cookies, sessionCookieName(usesSecureCookies())) !== undefined;
}
