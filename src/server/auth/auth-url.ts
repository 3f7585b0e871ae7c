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

/** Undoes percent-encoding (several layers); null when the text is not valid percent-encoding. */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let layer = 0; layer < 5; layer++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * Whether a normalised path would leave the origin when a browser, proxy or server reads it as a
 * location: `//host` and `/\host` are protocol-relative, also once percent-decoded and without the tabs
 * and newlines that URL parsers drop.
 */
function leavesOrigin(pathname: string): boolean {
  const decoded = fullyDecoded(pathname);
  if (decoded === null) return true;
  return [pathname, decoded.replace(/[\t\n\r]/g, '')].some((path) => path.startsWith('//') || path.startsWith('/\\'));
}

/**
 * A callback URL on this origin, as a path, or the fallback: anything on another origin (absolute,
 * protocol-relative, backslash tricks, javascript:) is refused, and so is a path that becomes
 * protocol-relative once normalised (`/.//evil.example`, `/%2F%2Fevil.example`, `/\t/evil.example`), so
 * sign-in can never redirect away.
 */
export function sameOriginPath(candidate: string | null | undefined, origin: URL, fallback = '/'): string {
  if (!candidate) return fallback;
  let url: URL;
  try {
    url = new URL(candidate.trim(), origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin.origin || leavesOrigin(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
