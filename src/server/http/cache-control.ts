/**
 * Cache-Control policies of the responses that are not pages, in one place (issue 12: CDN and browser
 * caching). Runs under plain Node too (scripts/serve.mjs): erasable TypeScript only.
 */

/** Content-hashed build assets (/_astro/): their name changes with their content, so a year, never revalidated. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** Static files whose name stays across builds (favicon): caches check their tag on each use. */
export const revalidatedCacheControl = 'public, max-age=0';

/**
 * Employer logos: a day fresh, then a month in which caches keep serving them while they check the tag in
 * the background (a 304 when unchanged). Their URL carries no version, so they cannot be immutable.
 */
export const logoCacheControl = 'public, max-age=86400, stale-while-revalidate=2592000';

/**
 * Pages every anonymous visitor sees alike (src/server/page-cache): browsers revalidate each use (a 304 when
 * the tag still matches); shared caches (a CDN) keep them 30 s and serve them a minute longer while they
 * revalidate. A CDN must pass requests with a session cookie through (decision 0015).
 */
export const anonymousPageCacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

/** A logo asked for by the version of its content (`?v=`): that URL's bytes never change. */
export const versionedLogoCacheControl = immutableCacheControl;
