import type { APIRoute } from 'astro';
import { parseEntityId } from '../../../lib/entity-id';
import { getOrganizationName } from '../../../lib/operations/content';
import { monogramSvg } from '../../../lib/monogram';
import { logoCacheControl, versionedLogoCacheControl } from '../../../server/http/cache-control';
import { contentEntityTag, contentVersion, ifNoneMatchMatches } from '../../../server/http/entity-tags';

/**
 * GET /media/logos/{id}.svg: the initials logo of an organization of this brand that has not uploaded its
 * own, tagged by its content so caches revalidate it with a 304. Asked for with the version of its current
 * content (`?v=`, as the API's logo URLs are), it is cached for good; without it, or with an old one, for a
 * day. Another brand's organization, and an id that cannot be one, are not found.
 */
export const GET: APIRoute = async ({ params, locals, request, url }) => {
  const id = parseEntityId(params.id);
  if (id === null) return new Response('Not found', { status: 404 });
  const { organizationProfile } = await locals.backend.request(getOrganizationName, { id });
  if (!organizationProfile) return new Response('Not found', { status: 404 });
  const svg = monogramSvg(organizationProfile.name);
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': url.searchParams.get('v') === contentVersion(svg) ? versionedLogoCacheControl : logoCacheControl,
    ETag: contentEntityTag(svg),
  };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), headers.ETag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(svg, { headers });
};
