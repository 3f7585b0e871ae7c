import type { APIRoute } from 'astro';
import { organizationSvgResponse } from '../../../features/organizations/organization-svg';
import { placeholderSvg } from '../../../lib/monogram';

/** GET /media/gallery/{id}-{n}.svg: placeholder picture n (1 to 12) of an organization's demo gallery. */
export const GET: APIRoute = (context) => {
  const match = /^(\d{1,10})-([1-9]|1[0-2])$/.exec(context.params.image ?? '');
  if (!match) return new Response('Not found', { status: 404 });
  return organizationSvgResponse(context, match[1], (name) => placeholderSvg(name, 800, 600, Number(match[2])));
};
