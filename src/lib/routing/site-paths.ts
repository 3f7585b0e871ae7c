import { isReservedPath, isSitePagePath } from './route-table.ts';

/** The longest path the route lookup takes; no page has a longer one. */
export const maxRoutePathLength = 2000;

/**
 * Whether a path is left to the route lookup (`/router?router=<path>`): landing pages, aliases of jobs and
 * organizations, redirects and removed pages all live outside the site's own paths.
 */
export function isRoutedPath(internalPath: string): boolean {
  return !isSitePagePath(internalPath) && !isReservedPath(internalPath);
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
