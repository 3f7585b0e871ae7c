import type { APIRoute } from 'astro';
import { organizationSvgResponse } from '../../../features/organizations/organization-svg';
import { monogramSvg } from '../../../lib/monogram';

/** GET /media/logos/{id}.svg: the initials logo of an organization that has not uploaded its own. */
export const GET: APIRoute = (context) => organizationSvgResponse(context, context.params.id, monogramSvg);
