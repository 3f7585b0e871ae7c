/**
 * Auth.js's double-submit CSRF token, shared by our own forms (registration, password reset, masquerade,
 * _log): the cookie holds `<token>|sha256(<token><secret>)`, the form repeats `<token>`. Using Auth.js's
 * format means one cookie protects both the Auth.js routes and ours.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const hashOf = (token: string, secret: string) => createHash('sha256').update(`${token}${secret}`).digest('hex');

/** The token inside a cookie value that this server created, else null. */
export function csrfTokenFromCookie(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const [token, hash] = cookieValue.split('|');
  if (!token || !hash || hash.length !== 64) return null;
  const expected = Buffer.from(hashOf(token, secret));
  const actual = Buffer.from(hash);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? token : null;
}

/** A fresh token and the cookie value that goes with it. */
export function createCsrfToken(secret: string): { token: string; cookieValue: string } {
  const token = randomBytes(32).toString('hex');
  return { token, cookieValue: `${token}|${hashOf(token, secret)}` };
}

/** True when the submitted token matches the one in the cookie this server set. */
export function isCsrfTokenValid(cookieValue: string | undefined, submitted: unknown, secret: string): boolean {
  const token = csrfTokenFromCookie(cookieValue, secret);
  if (token === null || typeof submitted !== 'string' || submitted.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(token), Buffer.from(submitted));
}
