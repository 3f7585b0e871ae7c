/**
 * Links stored by the back office point into the site with an `internal:` scheme (`internal:/jobs`).
 * SPEC section 2: the internal link prefix is stripped before the link is rendered.
 */
export const internalLinkPrefix = 'internal:';

export function stripInternalPrefix(href: string): string {
  if (!href.toLowerCase().startsWith(internalLinkPrefix)) return href;
  const path = href.slice(internalLinkPrefix.length);
  return path.startsWith('/') ? path : `/${path}`;
}
