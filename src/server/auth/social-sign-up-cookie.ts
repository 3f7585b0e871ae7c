/**
 * The social sign-up cookie (issue 18): a visitor who continues with a provider from the registration page,
 * below the terms text, agrees to that text. The sign-in request (POST /api/auth/signin/<provider>) carries
 * `terms=accepted`, the page's language and the creation source (SPEC 4); handler.ts keeps them in this
 * short-lived cookie (HttpOnly, SameSite=Lax, as long as Auth.js's state cookie), signed with the auth secret
 * and bound to its expiry, and hands them to the provider's callback, which expires the cookie. Only a new
 * account uses it (social-accounts.ts): an existing one signs in and nothing is recorded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { creationSourceField } from '../../lib/account/schemas.ts';
import { contentLanguages } from '../db/schema/columns.ts';
import type { SocialSignUp } from './social-accounts.ts';

export function socialSignUpCookieName(secure: boolean): string {
  return `${secure ? '__Host-' : ''}jobboard.social-sign-up`;
}

const macOf = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', secret).update(`social-sign-up:${payload}`).digest('base64url');

/**
 * The sign-up a sign-in form states, or null: `terms` must be `accepted`, the language one of ours; a
 * creation source that is not a short plain word is dropped (never refused, like the registration forms).
 */
export function socialSignUpOfForm(fields: Record<string, unknown>): SocialSignUp | null {
  if (fields.terms !== 'accepted') return null;
  const language = contentLanguages.find((candidate) => candidate === fields.language);
  if (!language) return null;
  return { language, creationSource: creationSourceField.parse(fields.creationSource) ?? null };
}

export function socialSignUpCookieValue(secret: Uint8Array, signUp: SocialSignUp, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ ...signUp, exp: expiresAt })).toString('base64url');
  return `${payload}.${macOf(secret, payload)}`;
}

/** The sign-up a cookie value names, or null when it is missing, not signed by this server, or expired. */
export function readSocialSignUpCookie(
  secret: Uint8Array,
  value: string | undefined,
  now = Date.now(),
): SocialSignUp | null {
  const match = value ? /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, payload, mac] = match as unknown as [string, string, string];
  if (!timingSafeEqual(Buffer.from(macOf(secret, payload)), Buffer.from(mac))) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof parsed.exp !== 'number' || parsed.exp <= now) return null;
    return socialSignUpOfForm({ ...parsed, terms: 'accepted' });
  } catch {
    return null;
  }
}

/** Set-Cookie for the sign-up (maxAge: the state cookie's), or its expiry when `value` is null. */
export function socialSignUpSetCookie(name: string, value: string | null, secure: boolean, maxAge: number): string {
  const attributes = `Path=/; Max-Age=${value === null ? 0 : maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${name}=${value ?? ''}; ${attributes}`;
}
