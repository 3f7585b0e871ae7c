import type { APIRoute } from 'astro';
import { sitemapFileDocument, sitemapIndexDocument } from '../../features/sitemaps/sitemap-documents';
import { parseSitemapRequest } from '../../lib/sitemaps';
import { answerGeneratedDocument, getPageCache } from '../../server/page-cache';
import { publicOrigin } from '../../server/public-origin';

export const prerender = false;

/** Sitemaps up to this size are kept in the page cache at the content version; larger ones stream. */
const keepBelowBytes = 256 * 1024;

const notFound = () =>
  new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Every sitemap of the brand (issue 19), reached by the rewrite of its own path (resolve-request.ts):
 * /sitemap.xml, /{kind}/sitemap.xml or /{locale}/{kind}/sitemap.xml, ?page=n past 50,000 URLs. The path
 * the visitor asked for decides; this path itself names no sitemap (404).
 */
export const GET: APIRoute = async ({ locals, url, request }) => {
  const { brand, backend, requestPath } = locals;
  const sitemap = parseSitemapRequest(requestPath, url.search, brand);
  if (!sitemap) return notFound();
  const origin = publicOrigin().origin;
  const answer = await answerGeneratedDocument(
    request,
    {
      key: `sitemap ${requestPath}${url.search}`,
      contentType: 'application/xml; charset=utf-8',
      keepBelowBytes,
      cache: await getPageCache(),
    },
    () =>
      sitemap.kind === 'index'
        ? sitemapIndexDocument(backend, brand, origin)
        : sitemapFileDocument(backend, brand, origin, sitemap),
  );
  return answer ?? notFound();
};
