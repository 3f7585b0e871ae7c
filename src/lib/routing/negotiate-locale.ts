import type { Locale } from '../../../brands/types';

/**
 * Picks the best of `available` for an Accept-Language header: exact tags first, then the primary
 * language ("en" or "en-US" → "en-GB"), in the order of the header's q-values. Falls back to the first.
 */
export function negotiateLocale(acceptLanguage: string | null, available: readonly [Locale, ...Locale[]]): Locale {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = available.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const sameLanguage = available.find((locale) => locale.toLowerCase().split('-')[0] === primary);
    if (sameLanguage) return sameLanguage;
  }
  return available[0];
}
