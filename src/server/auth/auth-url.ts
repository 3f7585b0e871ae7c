/**
 * Which origin the sign-in flows run on and whether their cookies are Secure. SITE_URL wins when set;
 * behind a proxy, X-Forwarded-Host/-Proto count only with AUTH_TRUST_HOST=true; otherwise the request's
 * own origin. Cookies are Secure (and __Secure-/__Host- prefixed) in production on https.
 */
import { getConfig, type AppConfig } from '../config.ts';

export const authBasePath = '/api/auth';

export function authOrigin(request: Request, config: AppConfig = getConfig()): URL {
  if (config.SITE_URL) return new URL(new URL(config.SITE_URL).origin);
  const url = new URL(request.url);
  const forwardedHost = request.headers.get('x-forwarded-host');
  if (config.AUTH_TRUST_HOST === 'true' && forwardedHost) {
    const protocol = (request.headers.get('x-forwarded-proto') ?? url.protocol).replace(/:$/, '');
    return new URL(`${protocol}://${forwardedHost.split(',')[0]!.trim()}`);
  }
  return new URL(url.origin);
}

/**
 * Whether a request was sent by a page of this site: its Origin is the public origin or the request's own.
 * Astro's checkOrigin covers form submissions only; JSON requests from islands are checked with this.
 */
export function isSameOriginRequest(request: Request, config: AppConfig = getConfig()): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin === authOrigin(request, config).origin || origin === new URL(request.url).origin;
}

export function usesSecureCookies(origin: URL, config: AppConfig = getConfig()): boolean {
  return config.NODE_ENV === 'production' && origin.protocol === 'https:';
}

/** Auth.js's trustHost: the origin is configured (SITE_URL), or the operator trusts the Host header. */
export function trustsHost(config: AppConfig = getConfig()): boolean {
  return config.SITE_URL !== undefined || config.AUTH_TRUST_HOST !== 'false';
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
