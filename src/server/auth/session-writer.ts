/**
 * Writes a session cookie outside the Auth.js routes, in exactly the format Auth.js reads (its JWT
 * `encode`, salted with the cookie name, chunked at 3933 characters): after a password change the current
 * device stays signed in with a fresh session, and a masquerade swaps the identity of the session.
 */
import { encode } from '@auth/core/jwt';
import { usesSecureCookies } from './auth-url.ts';
import { getAuthSecretText } from './secret.ts';
import { sessionMaxAgeSeconds, toJwt, type SessionClaims } from './session-claims.ts';
import { parseCookieHeader, rechunkSessionCookies, sessionCookieName } from './session-cookies.ts';

export async function sessionSetCookies(request: Request, claims: SessionClaims, now = new Date()): Promise<string[]> {
  const secure = usesSecureCookies();
  const name = sessionCookieName(secure);
  const value = await encode({
    token: toJwt(claims),
    secret: getAuthSecretText(),
    salt: name,
    maxAge: sessionMaxAgeSeconds,
  });
  const expires = new Date(now.getTime() + sessionMaxAgeSeconds * 1000).toUTCString();
  const attributes = `Path=/; Expires=${expires}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const requestCookieNames = Object.keys(parseCookieHeader(request.headers.get('cookie')));
  return rechunkSessionCookies([`${name}=${value}; ${attributes}`], name, requestCookieNames);
}

/** A 303 redirect that also sets cookies (Set-Cookie values as they are). */
export function redirectWithCookies(location: string, setCookies: readonly string[]): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}
