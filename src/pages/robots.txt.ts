import type { APIRoute } from 'astro';
import { localizePath } from '../lib/routing/resolve-request';
import { crawlerDisallowedPaths, isEndpointPath } from '../lib/routing/route-table';
import { robotsTxt } from '../lib/sitemaps';
import { publicOrigin } from '../server/public-origin';

export const prerender = false;

/**
 * /robots.txt of the brand (issue 19), on every brand without a locale redirect: the personal and
 * transactional areas (in each locale's spelling) are off limits, everything else may be crawled, and the
 * sitemap index is named on the public origin.
 */
export const GET: APIRoute = ({ locals }) => {
  const { brand } = locals;
  const disallowed = new Set<string>();
  for (const path of crawlerDisallowedPaths) {
    if (isEndpointPath(path)) disallowed.add(path);
    else for (const locale of brand.locales) disallowed.add(localizePath(path, locale, brand));
  }
  return new Response(robotsTxt(publicOrigin().origin, [...disallowed]), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
