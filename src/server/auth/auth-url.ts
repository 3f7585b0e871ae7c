/**
 * The sign-in flows run on the one public origin (src/server/public-origin.ts), never on the request's Host
 * or X-Forwarded-* headers: Auth.js gets its request rebuilt on it, and its cookies are Secure (with
 * __Secure-/__Host- names) exactly when that origin is https, also behind a TLS-terminating proxy.
 */
import { getConfig, type AppConfig } from '../config.ts';
import { publicOrigin } from '../public-origin.ts';

export const authBasePath = '/api/auth';

/**
 * Whether a request was sent by a page of this site: its Origin is the public origin or the request's own
 * (a page opened on a loopback address the front door admits, e.g. http://127.0.0.1:3002). Astro's
 * checkOrigin covers form submissions only; JSON requests from islands are checked with this.
 */
export function isSameOriginRequest(request: Request, config: AppConfig = getConfig()): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin === publicOrigin(config).origin || origin === new URL(request.url).origin;
}

export function usesSecureCookies(config: AppConfig = getConfig()): boolean {
  return publicOrigin(config).protocol === 'https:';
}

/**
 * A callback URL on this origin, as a path, or the fallback: anything on another origin (absolute,
 * protocol-relative, backslash tricks, javascript:) is refused, so sign-in can never redirect away.
 */
export function sameOriginPath(candidate: string | null | undefined, origin: URL, fallback = '/'): string {
  if (!candidate) return fallback;
  const value = candidate.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    try {
      const url = new URL(value, origin);
      if (url.origin === origin.origin) return `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return fallback;
    }
    return fallback;
  }
  try {
    const url = new URL(value);
    if (url.origin === origin.origin) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not an absolute URL
  }
  return fallback;
}
