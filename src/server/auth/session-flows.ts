/**
 * The Auth.js cookie and session flows that routes run themselves, and the one door from src/pages,
 * src/features, src/layouts and the middleware into the session internals (decision 0013): reading the
 * session cookie, the CSRF token of our forms, and writing or clearing the session cookie. Everything else a
 * route reads or writes goes through the GraphQL schema; when an account change opens a session (a password
 * change, a masquerade), the backend hands over a grant and this module turns it into the cookie.
 */
import type { AstroCookies } from 'astro';
import { usesSecureCookies } from './auth-url.ts';
import { readSessionCookie, type SessionCookieState } from './page-session.ts';
import type { SessionClaims } from './session-claims.ts';
import { callbackUrlCookieName, clearSessionCookies } from './session-cookies.ts';
import { redirectWithCookies, sessionSetCookies } from './session-writer.ts';

export { hasSessionCookie, readSessionCookie, type SessionCookieState } from './page-session.ts';
export { checkPageCsrf, pageCsrfToken } from './page-csrf.ts';

/** A session opened by the backend (the GraphQL type SessionGrant). */
export interface SessionGrant {
  userId: number;
  email: string;
  name: string;
  sessionId: string;
  backendToken: string;
  backendTokenIssuedAt: number;
  openedAtMs: number;
  masquerade: { staffUserId: number; staffEmail: string; startedAt: number } | null;
}

/** A 303 redirect that writes the session cookie of a new session of the user's own (a password change). */
export async function redirectWithNewSession(location: string, request: Request, grant: SessionGrant) {
  const claims: SessionClaims = {
    ...claimsOf(grant),
    signedInAtMs: grant.openedAtMs,
    masquerade: null,
    signupStart: null,
  };
  return redirectWithCookies(location, await sessionSetCookies(request, claims));
}

/**
 * A 303 redirect that writes the session cookie after a masquerade started or ended: the same sign-in of
 * the staff member, now acting as the grant's user. A masquerade never carries the signup-start flag.
 */
export async function redirectWithMasquerade(
  location: string,
  request: Request,
  current: SessionClaims,
  grant: SessionGrant,
): Promise<Response> {
  const claims: SessionClaims = { ...current, ...claimsOf(grant), masquerade: grant.masquerade, signupStart: null };
  return redirectWithCookies(location, await sessionSetCookies(request, claims));
}

function claimsOf(grant: SessionGrant) {
  return {
    uid: grant.userId,
    email: grant.email,
    name: grant.name,
    backendToken: grant.backendToken,
    backendTokenIssuedAt: grant.backendTokenIssuedAt,
    sessionId: grant.sessionId,
  };
}

/** The Set-Cookie values that expire every session cookie the request sent. */
export function expiredSessionCookies(cookie: SessionCookieState): string[] {
  return clearSessionCookies(cookie.cookieNames, cookie.cookieName, cookie.secure);
}

/** A 303 redirect that signs this browser out (its session cookies expired), after signing out everywhere. */
export async function redirectSignedOut(location: string, request: Request): Promise<Response> {
  return redirectWithCookies(location, expiredSessionCookies(await readSessionCookie(request)));
}

/** Where Auth.js remembered to go after signing in (its callback-URL cookie), as the visitor sent it. */
export function rememberedCallbackUrl(cookies: AstroCookies): string | undefined {
  return cookies.get(callbackUrlCookieName(usesSecureCookies()))?.value;
}
