import type { APIRoute } from 'astro';
import { getOrganizationName } from '../../../lib/operations/content';
import { monogramSvg } from '../../../lib/monogram';

/** GET /media/logos/{id}.svg: the initials logo of an organization that has not uploaded its own. */
export const GET: APIRoute = async ({ params, locals }) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return new Response('Not found', { status: 404 });
  const { organizationProfile } = await locals.backend.request(getOrganizationName, { id });
  if (!organizationProfile) return new Response('Not found', { status: 404 });
  return new Response(monogramSvg(organizationProfile.name), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
};
