import type { Brand, Locale } from '../../../brands/types';
import { legacyRedirectTarget } from './legacy-redirects.ts';
import { negotiateLocale } from './negotiate-locale.ts';
import { translatePath, untranslatePath } from './route-translations.ts';
import {
  featureOfPath,
  forceLowercase,
  isEndpointPath,
  isErrorPagePath,
  isSitemapPath,
  stripsTrackingParams,
} from './route-table.ts';
import { isRoutedPath, routerPath } from './site-paths.ts';
import { stripTrackingParams } from './tracking-params.ts';

/** The endpoint every sitemap path is answered by (it reads the path the visitor asked for). */
export const sitemapEndpoint = '/api/sitemap';

/** The parts of a brand that decide how its URLs look. */
export type RoutingBrand = Pick<Brand, 'locales' | 'pathTranslation'> & { features: Pick<Brand['features'], 'resume'> };

export type RequestRouting =
  /** Not a page (API, GraphQL, build assets): handled as requested. */
  | { kind: 'pass' }
  | { kind: 'redirect'; status: 301 | 302; location: string; varyOnLanguage: boolean }
  /**
   * Render the page at `internalPath` in `locale`. `rewrite` is the route under src/pages that renders it:
   * the path itself, or /router?router=<path> for paths left to the route lookup.
   */
  | { kind: 'page'; locale: Locale; internalPath: string; search: string; rewrite: string };

/** Internal path → the path visitors see: locale prefix when the brand has several, route translation when on. */
export function localizePath(internalPath: string, locale: Locale, brand: RoutingBrand): string {
  const translated = brand.pathTranslation ? translatePath(internalPath, locale) : internalPath;
  if (brand.locales.length === 1) return translated;
  return translated === '/' ? `/${locale}/` : `/${locale}${translated}`;
}

/** Splits a known locale prefix off the path ("/en-gb/cv" → en-GB, "/cv"). */
function splitLocalePrefix(pathname: string, locales: readonly Locale[]): { locale: Locale; rest: string } | null {
  const segment = pathname.split('/')[1] ?? '';
  const locale = locales.find((candidate) => candidate.toLowerCase() === segment.toLowerCase());
  if (!locale) return null;
  return { locale, rest: pathname.slice(segment.length + 1) || '/' };
}

/**
 * Decides what a request becomes: a redirect to the one canonical URL of the page (legacy paths, locale
 * prefix, route translation, lowercase forcing, tracking parameters, resumes off) or the page to render.
 * Every rule yields at most one redirect hop.
 */
export function resolveRequest(
  request: { pathname: string; search: string; acceptLanguage: string | null },
  brand: RoutingBrand,
): RequestRouting {
  const { pathname, search } = request;
  if (isEndpointPath(pathname)) return { kind: 'pass' };
  // Sitemaps answer on their own paths, unprefixed and untranslated, without a locale redirect.
  if (isSitemapPath(pathname)) {
    return {
      kind: 'page',
      locale: brand.locales[0],
      internalPath: pathname,
      search,
      rewrite: sitemapEndpoint + search,
    };
  }

  const legacyTarget = legacyRedirectTarget(pathname);
  if (legacyTarget) {
    return {
      kind: 'redirect',
      status: 301,
      location: localizePath(legacyTarget, brand.locales[0], brand),
      varyOnLanguage: false,
    };
  }

  const isMultiLocale = brand.locales.length > 1;
  const prefixed = splitLocalePrefix(pathname, brand.locales);
  let locale: Locale;
  let rest: string;
  let negotiated = false;
  if (prefixed) {
    ({ locale, rest } = prefixed);
  } else {
    locale = isMultiLocale ? negotiateLocale(request.acceptLanguage, brand.locales) : brand.locales[0];
    rest = pathname;
    negotiated = isMultiLocale;
  }

  if (isErrorPagePath(pathname)) return { kind: 'page', locale, internalPath: pathname, search, rewrite: pathname };

  const untranslated = brand.pathTranslation ? untranslatePath(rest, locale) : null;
  const internalPath = forceLowercase(untranslated ?? rest);

  // SPEC section 2: with resumes off, /resume, /resume/{children} and /resume-alert/edit/{id} go to /404.
  const feature = featureOfPath(internalPath);
  if (feature !== null && !brand.features[feature]) {
    return { kind: 'redirect', status: 301, location: '/404', varyOnLanguage: false };
  }

  const cleanSearch = stripsTrackingParams(internalPath) ? stripTrackingParams(search) : search;
  const canonical = localizePath(internalPath, locale, brand);
  if (canonical !== pathname || cleanSearch !== search) {
    return {
      kind: 'redirect',
      status: negotiated ? 302 : 301,
      location: canonical + cleanSearch,
      varyOnLanguage: negotiated,
    };
  }
  const rewrite = isRoutedPath(internalPath) ? routerPath(internalPath, search) : internalPath + search;
  return { kind: 'page', locale, internalPath, search, rewrite };
}
