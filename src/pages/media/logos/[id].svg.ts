import type { APIRoute } from 'astro';
import { parseEntityId } from '../../../lib/entity-id';
import { getOrganizationName } from '../../../lib/operations/content';
import { monogramSvg } from '../../../lib/monogram';

/**
 * GET /media/logos/{id}.svg: the initials logo of an organization of this brand that has not uploaded its
 * own. Another brand's organization, and an id that cannot be one, are not found.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const id = parseEntityId(params.id);
  if (id === null) return new Response('Not found', { status: 404 });
  const { organizationProfile } = await locals.backend.request(getOrganizationName, { id });
  if (!organizationProfile) return new Response('Not found', { status: 404 });
  return new Response(monogramSvg(organizationProfile.name), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
};
