import type { APIRoute } from 'astro';
import { organizationSvgResponse } from '../../../features/organizations/organization-svg';
import { placeholderSvg } from '../../../lib/monogram';

/** GET /media/covers/{id}.svg: the placeholder cover (1000×500) of an organization without its own. */
export const GET: APIRoute = (context) =>
  organizationSvgResponse(context, context.params.id, (name) => placeholderSvg(name, 1000, 500));
