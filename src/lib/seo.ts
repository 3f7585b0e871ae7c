/** Internal paths whose pages carry no canonical link: error pages, personal and transactional pages. */
const canonicalExcluded = [
  /^\/40\d$/,
  /^\/50\d$/,
  /^\/user(\/|$)/,
  /^\/dashboard(\/|$)/,
  /^\/my-products(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/router(\/|$)/,
  /^\/job\/wizard(\/|$)/,
  /^\/job-manager(\/|$)/,
];

export function isCanonicalExcluded(internalPath: string): boolean {
  return canonicalExcluded.some((pattern) => pattern.test(internalPath));
}

/** The canonical URL of a page: its public path on the site origin, without query string or fragment. */
export function canonicalUrl(siteOrigin: string, publicPath: string): string {
  return new URL(publicPath, siteOrigin).href;
}
