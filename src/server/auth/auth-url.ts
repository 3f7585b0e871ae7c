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
