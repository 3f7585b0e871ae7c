import type { Locale } from '../../../brands/types.ts';
import { localizePath, type RoutingBrand } from './resolve-request.ts';

export interface LanguageLink {
  locale: Locale;
  href: string;
  isCurrent: boolean;
}

/**
 * The language switch: the same page in each of the brand's locales, its path translated by the route
 * translations and the visitor's query kept (a search stays the same search). None for a one-locale brand.
 */
export function languageLinks(
  internalPath: string,
  search: string,
  currentLocale: Locale,
  brand: RoutingBrand,
): LanguageLink[] {
  if (brand.locales.length < 2) return [];
  const query = search === '?' ? '' : search;
  return brand.locales.map((locale) => ({
    locale,
    href: localizePath(internalPath, locale, brand) + query,
    isCurrent: locale === currentLocale,
  }));
}
