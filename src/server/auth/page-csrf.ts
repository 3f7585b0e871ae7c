/**
 * CSRF tokens for forms rendered by Astro pages: the Auth.js double-submit cookie is reused (or created),
 * the page puts its token into a hidden `csrfToken` field, and POST handlers check it with `checkPageCsrf`.
 */
import type { AstroCookies } from 'astro';
import { usesSecureCookies } from './auth-url.ts';
import { createCsrfToken, csrfTokenFromCookie, isCsrfTokenValid } from './csrf.ts';
import { getAuthSecretText } from './secret.ts';
import { csrfCookieName } from './session-cookies.ts';

interface PageContext {
  cookies: AstroCookies;
  /** The page's response (`Astro.response`): a page with a visitor's token must not be shared. */
  response?: { headers: Headers };
}

function cookieNameFor(): { name: string; secure: boolean } {
  const secure = usesSecureCookies();
  return { name: csrfCookieName(secure), secure };
}

/**
 * The token for this visitor's forms; sets the cookie when there is none yet. The page becomes
 * `private, no-store` either way: it holds this visitor's token, so no cache may keep it for others
 * (src/server/page-cache).
 */
export function pageCsrfToken(context: PageContext): string {
  try {
    context.response?.headers.set('Cache-Control', 'private, no-store');
  } catch {
    // Headers already sent (a component rendering late): such a page is a signed-in one, private anyway.
  }
  const { name, secure } = cookieNameFor();
  const secret = getAuthSecretText();
  const existing = csrfTokenFromCookie(context.cookies.get(name)?.value, secret);
  if (existing) return existing;
  const { token, cookieValue } = createCsrfToken(secret);
  context.cookies.set(name, cookieValue, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  return token;
}

export function checkPageCsrf(context: PageContext, submitted: FormDataEntryValue | null): boolean {
  const { name } = cookieNameFor();
  return isCsrfTokenValid(context.cookies.get(name)?.value, submitted, getAuthSecretText());
}
