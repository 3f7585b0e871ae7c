/** SPEC section 2: paths under these prefixes are pages of the site, never landing pages. */
export const nonLandingPrefixes = [
  '/jobs',
  '/job',
  '/resume',
  '/organization',
  '/user',
  '/contact',
  '/blog',
  '/checkout',
];

/** The longest path the route lookup takes; no page has a longer one. */
export const maxRoutePathLength = 2000;

/** Site pages outside those prefixes. */
const sitePages = new Set(['/', '/privacy-policy', '/dashboard', '/my-products', '/router', '/404', '/500']);

/**
 * Whether a path is left to the route lookup (`/router?router=<path>`): landing pages, aliases of jobs and
 * organizations, redirects and removed pages all live outside the site's own paths.
 */
export function isRoutedPath(internalPath: string): boolean {
  if (sitePages.has(internalPath)) return false;
  return !nonLandingPrefixes.some((prefix) => internalPath.startsWith(prefix));
}

/** The internal rewrite target for a routed path; the visitor's own query parameters follow. */
export function routerPath(internalPath: string, search = ''): string {
  const rest = search.startsWith('?') ? search.slice(1) : search;
  return `/router?router=${encodeURIComponent(internalPath)}${rest ? `&${rest}` : ''}`;
}

/**
 * The query the visitor sent, from the URL a page sees: a routed path's page sees `routerPath`'s rewrite
 * (`/router?router=<path>&<visitor's query>`), every other page the visitor's own URL.
 */
export function visitorSearch(url: URL): string {
  if (url.pathname !== '/router') return url.search;
  const rest = url.search.replace(/^\?router=[^&]*&?/, '');
  return rest === '' || rest === '?' ? '' : rest.startsWith('?') ? rest : `?${rest}`;
}
