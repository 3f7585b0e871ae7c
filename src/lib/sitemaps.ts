/**
 * Sitemaps and robots.txt (SPEC section 2, issue 19): which sitemap paths exist on a brand, what they are
 * called, and how their XML is written. Isomorphic: the endpoint streams what the backend lists
 * (src/features/sitemaps), the tests read it back.
 *
 * Paths: /sitemap.xml is the index; each kind of content has /{kind}/sitemap.xml on a one-locale brand and
 * /{locale}/{kind}/sitemap.xml per locale on a multilingual one (its URLs carry hreflang alternates and an
 * x-default); a kind over 50,000 URLs continues on ?page=2, 3, …; /sitemap.xsl makes them readable in a
 * browser.
 */
import type { Locale } from '../../brands/types.ts';
import { localizePath, type RoutingBrand } from './routing/resolve-request.ts';

/** The sitemaps.org limit of URLs per sitemap file. */
export const urlsPerSitemap = 50_000;

/** The kinds of content with a sitemap of their own, by their path segment. */
export const sitemapKinds = {
  jobs: 'JOBS',
  organizations: 'ORGANIZATIONS',
  'landing-pages': 'LANDING_PAGES',
  'job-categories': 'JOB_CATEGORIES',
  blog: 'BLOG',
} as const;
export type SitemapSegment = keyof typeof sitemapKinds;
export type SitemapKind = (typeof sitemapKinds)[SitemapSegment];

export const sitemapIndexPath = '/sitemap.xml';
export const sitemapStylesheetPath = '/sitemap.xsl';
export const robotsPath = '/robots.txt';

export type SitemapRequest =
  { kind: 'index' } | { kind: 'list'; segment: SitemapSegment; locale: Locale; page: number };

type SitemapBrand = Pick<RoutingBrand, 'locales'>;

function isSegment(value: string): value is SitemapSegment {
  return Object.hasOwn(sitemapKinds, value);
}

/**
 * What a request path asks for, or null when it is no sitemap of this brand: /{kind}/sitemap.xml only on a
 * one-locale brand, /{locale}/{kind}/sitemap.xml only on a multilingual one (with the locale as the brand
 * writes it). `page` is the `page` query parameter: absent or a whole number from 1.
 */
export function parseSitemapRequest(pathname: string, search: string, brand: SitemapBrand): SitemapRequest | null {
  if (pathname === sitemapIndexPath) return search === '' ? { kind: 'index' } : null;
  const parts = pathname.split('/');
  if (parts.at(-1) !== 'sitemap.xml') return null;
  const multilingual = brand.locales.length > 1;
  let locale: Locale;
  let segment: string;
  if (parts.length === 3 && !multilingual) {
    locale = brand.locales[0];
    segment = parts[1] ?? '';
  } else if (parts.length === 4 && multilingual) {
    const found = brand.locales.find((candidate) => candidate === parts[1]);
    if (!found) return null;
    locale = found;
    segment = parts[2] ?? '';
  } else {
    return null;
  }
  if (!isSegment(segment)) return null;
  const params = new URLSearchParams(search);
  const pageParam = params.get('page');
  if ([...params.keys()].some((name) => name !== 'page')) return null;
  if (pageParam === null) return { kind: 'list', segment, locale, page: 1 };
  if (!/^[1-9]\d{0,5}$/.test(pageParam) || pageParam === '1') return null;
  return { kind: 'list', segment, locale, page: Number(pageParam) };
}

/** The path of a kind's sitemap in a locale (page 1 has no query). */
export function sitemapPath(segment: SitemapSegment, locale: Locale, page: number, brand: SitemapBrand): string {
  const base = brand.locales.length > 1 ? `/${locale}/${segment}/sitemap.xml` : `/${segment}/sitemap.xml`;
  return page > 1 ? `${base}?page=${page}` : base;
}

/** Every locale a brand writes sitemaps for. */
export function sitemapLocales(brand: SitemapBrand): readonly Locale[] {
  return brand.locales;
}

export interface HreflangAlternate {
  /** A locale code, or x-default. */
  hreflang: string;
  href: string;
}

/**
 * The hreflang alternates of a page on a multilingual brand: one per locale (its internal path in that
 * locale, localized) and x-default for the brand's default locale; none on a one-locale brand. The page
 * head (BaseLayout) and the sitemaps use the same list.
 */
export function hreflangAlternates(
  internalPathOf: (locale: Locale) => string | null,
  brand: RoutingBrand,
  origin: string,
): HreflangAlternate[] {
  if (brand.locales.length < 2) return [];
  const alternates: HreflangAlternate[] = [];
  for (const locale of brand.locales) {
    const path = internalPathOf(locale);
    if (path !== null)
      alternates.push({ hreflang: locale, href: new URL(localizePath(path, locale, brand), origin).href });
  }
  const fallback = alternates.find((alternate) => alternate.hreflang === brand.locales[0]);
  if (fallback) alternates.push({ hreflang: 'x-default', href: fallback.href });
  return alternates;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEscapes[character] ?? character);
}

/** W3C datetime of a lastmod, to the second in UTC. */
export function w3cDateTime(date: Date | string): string {
  return new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const declaration = `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="${sitemapStylesheetPath}"?>\n`;

export const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const xhtmlNamespace = 'http://www.w3.org/1999/xhtml';

export const urlsetOpening = `${declaration}<urlset xmlns="${sitemapNamespace}" xmlns:xhtml="${xhtmlNamespace}">\n`;
export const urlsetClosing = '</urlset>\n';

/** One <url> of a urlset: absolute location, lastmod, alternates. */
export function urlElement(loc: string, lastModified: Date | string | null, alternates: HreflangAlternate[]): string {
  let xml = `<url><loc>${escapeXml(loc)}</loc>`;
  if (lastModified !== null) xml += `<lastmod>${w3cDateTime(lastModified)}</lastmod>`;
  for (const { hreflang, href } of alternates) {
    xml += `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`;
  }
  return `${xml}</url>\n`;
}

/** The sitemap index: one <sitemap> per file. */
export function sitemapIndexXml(sitemaps: { loc: string; lastModified: Date | string | null }[]): string {
  const entries = sitemaps.map(
    ({ loc, lastModified }) =>
      `<sitemap><loc>${escapeXml(loc)}</loc>${lastModified === null ? '' : `<lastmod>${w3cDateTime(lastModified)}</lastmod>`}</sitemap>\n`,
  );
  return `${declaration}<sitemapindex xmlns="${sitemapNamespace}">\n${entries.join('')}</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled but the personal and transactional areas; the sitemap index. */
export function robotsTxt(origin: string, disallowed: readonly string[]): string {
  const lines = ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), 'Allow: /', ''];
  lines.push(`Sitemap: ${new URL(sitemapIndexPath, origin).href}`, '');
  return lines.join('\n');
}
