/**
 * The security headers of every response (SPEC section 2: same-origin frame blocking, plus safe defaults),
 * in one table. The front door (front-door.ts) sets them before Astro, static files or a refusal answer;
 * the middleware sets the same table where there is no front door (`npm run dev`); astro.config.mjs hands
 * the same policy directives to Astro's CSP, which adds hashed `script-src`/`style-src` to every page.
 *
 * Runs under plain Node too (scripts/serve.mjs, astro.config.mjs): erasable TypeScript only.
 */

/**
 * Content-Security-Policy directives of every response. Pages get them from Astro together with their
 * script and style hashes; every other response (static files, JSON, redirects, refusals) gets only these.
 */
export const contentSecurityPolicyDirectives = [
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
] as const;

/** The policy of a response that brings none of its own. */
export const baselineContentSecurityPolicy = contentSecurityPolicyDirectives.join('; ');

/** One year, subdomains included: only ever sent when the public origin is https. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** The headers for a site whose public origin is `origin` (HSTS only on https). */
export function securityHeaders(origin: URL): Readonly<Record<string, string>> {
  return {
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': baselineContentSecurityPolicy,
    ...(origin.protocol === 'https:' ? { 'Strict-Transport-Security': strictTransportSecurity } : {}),
  };
}
