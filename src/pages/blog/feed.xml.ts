import type { APIRoute } from 'astro';
import { blogFeedXml } from '../../features/blog/blog-feed';
import { createTranslator } from '../../i18n';
import { answerGeneratedDocument, getPageCache } from '../../server/page-cache';
import { publicOrigin } from '../../server/public-origin';

export const prerender = false;

const notFound = () =>
  new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * GET /blog/feed.xml: the Atom feed of the brand's blog (issue 19), kept in the page cache at the content
 * version (which also changes when a scheduled post's time comes), 404 on a brand without a blog.
 */
export const GET: APIRoute = async ({ locals, request }) => {
  const { brand, backend, locale } = locals;
  if (!brand.features.blog) return notFound();
  const answer = await answerGeneratedDocument(
    request,
    {
      key: `blog feed ${locale}`,
      contentType: 'application/atom+xml; charset=utf-8',
      keepBelowBytes: 512 * 1024,
      cache: await getPageCache(),
    },
    async () => {
      const xml = await blogFeedXml({
        backend,
        brand,
        locale,
        origin: publicOrigin().origin,
        title: `${createTranslator(locale)('blog.title')} | ${brand.name}`,
      });
      return new Response(xml).body;
    },
  );
  return answer ?? notFound();
};
