import type { BackendClient } from '../../lib/backend-client/index.ts';
import { getMetatags, type Metatag } from '../../lib/operations/routing.ts';
import { metatagSlug } from '../../lib/seo.ts';
import { logUnexpected } from '../../server/log.ts';

/** Tags that describe one page; a filtered listing must not borrow them from its unfiltered path. */
const pageOwnTags = new Set(['title', 'description', 'og:title', 'og:description']);

/**
 * SEO meta tags of a listing (SPEC 2: by route slug). The backend answers a filtered listing without
 * tags of its own with those of its path: "Jobs und Stellenangebote finden" would then replace
 * "Pflege Jobs in Stuttgart". So a filtered listing keeps only the path's general tags (og:type, …) and
 * its own title and description, unless tags were stored for exactly its URL.
 */
export async function loadListingMetatags(options: {
  backend: BackendClient;
  internalPath: string;
  search: string;
  language: 'de' | 'en' | 'fr';
}): Promise<Metatag[]> {
  const { backend, internalPath, search, language } = options;
  try {
    const slug = metatagSlug(internalPath + search);
    const own = (await backend.request(getMetatags, { slug, language })).getMetatags;
    const path = metatagSlug(internalPath);
    if (slug === path) return own;
    const shared = (await backend.request(getMetatags, { slug: path, language })).getMetatags;
    const isShared = JSON.stringify(own) === JSON.stringify(shared);
    return isShared ? shared.filter((tag) => !pageOwnTags.has(tag.meta)) : own;
  } catch (error) {
    logUnexpected('metatags', 'loading meta tags failed', error);
    return [];
  }
}
