import type { APIContext } from 'astro';
import { parseEntityId } from '../../lib/entity-id';
import { getOrganizationName } from '../../lib/operations/content';
import { logoCacheControl, versionedLogoCacheControl } from '../../server/http/cache-control';
import { contentEntityTag, contentVersion, ifNoneMatchMatches } from '../../server/http/entity-tags';

/**
 * A picture generated from an organization's name (initials logo, placeholder cover or gallery picture) of
 * an organization of this brand whose page the viewer may open, tagged by its content so caches revalidate
 * it with a 304. Asked for with the version of its current content (`?v=`), it is cached for good; without
 * it, or with an old one, for a day. Another brand's organization, an unpublished one (for visitors) and an
 * id that cannot be one are not found.
 */
export async function organizationSvgResponse(
  { locals, request, url }: Pick<APIContext, 'locals' | 'request' | 'url'>,
  rawId: string | undefined,
  draw: (name: string) => string,
): Promise<Response> {
  const id = parseEntityId(rawId);
  if (id === null) return new Response('Not found', { status: 404 });
  const { organizationProfile } = await locals.backend.request(getOrganizationName, { id });
  if (!organizationProfile) return new Response('Not found', { status: 404 });
  const svg = draw(organizationProfile.name);
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': url.searchParams.get('v') === contentVersion(svg) ? versionedLogoCacheControl : logoCacheControl,
    ETag: contentEntityTag(svg),
  };
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), headers.ETag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(svg, { headers });
}
