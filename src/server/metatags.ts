import { contentLanguageOf } from '../i18n/index.ts';
import { getMetatags, type Metatag } from '../lib/operations/routing.ts';
import { metatagSlug } from '../lib/seo.ts';
import { logUnexpected } from './log.ts';

/**
 * SPEC section 2: the page layout loads SEO meta tags by route slug. A failure costs the page its stored
 * tags, never the page itself.
 */
export async function loadMetatags(locals: App.Locals, url: URL): Promise<Metatag[]> {
  try {
    const slug = metatagSlug(locals.internalPath + url.search);
    const { getMetatags: tags } = await locals.backend.request(getMetatags, {
      slug,
      language: contentLanguageOf(locals.locale),
    });
    return tags;
  } catch (error) {
    logUnexpected('metatags', 'loading meta tags failed', error);
    return [];
  }
}
