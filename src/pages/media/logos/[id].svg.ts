import type { APIRoute } from 'astro';
import { parseEntityId } from '../../../lib/entity-id';
import { getOrganizationName } from '../../../lib/operations/content';
import { monogramSvg } from '../../../lib/monogram';
import { logoCacheControl } from '../../../server/http/cache-control';
import { contentEntityTag, ifNoneMatchMatches } from '../../../server/http/entity-tags';

/**
 * GET /media/logos/{id}.svg: the initials logo of an organization of this brand that has not uploaded its
 * own, tagged by its content so caches revalidate it with a 304. Another brand's organization, and an id
 * that cannot be one, are not found.
 */
export const GET: APIRoute = async ({ params, locals, request }) => {
  const id = parseEntityId(params.id);
  if (id === null) return new Response('Not found', { status: 404 });
  const { organizationProfile } = await locals.backend.request(getOrganizationName, { id });
  if (!organizationProfile) return new Response('Not found', { status: 404 });
  const svg = monogramSvg(organizationProfile.name);
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': logoCacheControl,
    ETag: contentEntityTag(svg),
  };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), headers.ETag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(svg, { headers });
};
