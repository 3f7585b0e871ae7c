/** The canonical URL of a page: its public path on the site origin, without query string or fragment. */
export function canonicalUrl(siteOrigin: string, publicPath: string): string {
  return new URL(publicPath, siteOrigin).href;
}

/** Query parameters that never make a page different for search engines (SPEC section 2). */
const slugIgnoredParams = new Set(['jobId', 'path', 'router']);

/**
 * The route slug under which a page's SEO meta tags are stored: its path plus the query parameters that
 * matter, without jobId, path and router, and without a trailing slash.
 */
export function metatagSlug(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://slug.invalid');
  const params = [...url.searchParams].filter(([name]) => !slugIgnoredParams.has(name));
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}
