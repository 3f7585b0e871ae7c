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

/** The longest meta description search engines show in full, about. */
export const metaDescriptionMaxLength = 160;

const htmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Issue 19: a meta description from content (sanitised HTML or text): tags dropped, entities decoded,
 * whitespace collapsed, cut at a word before `maxLength` with an ellipsis. Null when nothing is left.
 */
export function metaDescriptionOf(
  html: string | null | undefined,
  maxLength = metaDescriptionMaxLength,
): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return htmlEntities[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > maxLength / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

export interface SocialMetaTag {
  meta: string;
  value: string;
}

const ogLocales: Record<string, string> = { de: 'de_DE', 'en-GB': 'en_GB', fr: 'fr_FR' };

/**
 * Issue 19: the Open Graph and Twitter card tags of a page: title, description, URL (its canonical URL;
 * none on pages without one), image when it has one (a large card then), type, site name and locale.
 */
export function socialMetaTags(page: {
  title: string;
  description: string;
  url: string | null;
  image: string | null;
  type: 'website' | 'article';
  siteName: string;
  locale: string;
}): SocialMetaTag[] {
  const tags: SocialMetaTag[] = [
    { meta: 'og:title', value: page.title },
    { meta: 'og:description', value: page.description },
    { meta: 'og:type', value: page.type },
    { meta: 'og:site_name', value: page.siteName },
    { meta: 'og:locale', value: ogLocales[page.locale] ?? page.locale },
  ];
  if (page.url) tags.push({ meta: 'og:url', value: page.url });
  if (page.image) tags.push({ meta: 'og:image', value: page.image });
  tags.push({ meta: 'twitter:card', value: page.image ? 'summary_large_image' : 'summary' });
  return tags;
}
