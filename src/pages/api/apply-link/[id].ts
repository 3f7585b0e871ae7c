import type { APIRoute } from 'astro';
import { openOriginalAd } from '../../../features/applications/operations';
import { parseEntityId } from '../../../lib/entity-id';
import { getConfig } from '../../../server/config';
import { clientKeyOf, enforceRequestRate } from '../../../server/limits/request-rate';

export const prerender = false;

/**
 * GET /api/apply-link/{jobId}: the apply button of a link job (issue 14). A plain link, so the job page needs
 * no JavaScript: the backend records the click as view_original_ad (openOriginalAd, the one data path) and
 * the visitor is sent on to the employer's address (303). 404 for anything but an open link job of the
 * brand; each client address gets RATE_LIMIT_GRAPHQL_PER_MINUTE clicks a minute (429 beyond). Robots are
 * kept off by rel="nofollow" on the button.
 */
export const GET: APIRoute = async ({ params, request, locals, clientAddress }) => {
  const id = parseEntityId(params.id);
  if (id === null) return new Response('Not found', { status: 404 });
  const limited = await enforceRequestRate(request, [
    {
      key: `apply-link:ip:${clientKeyOf(clientAddress ?? null)}`,
      max: getConfig().RATE_LIMIT_GRAPHQL_PER_MINUTE,
      windowSeconds: 60,
    },
  ]);
  if (limited) return limited;
  const { openOriginalAd: target } = await locals.backend.request(openOriginalAd, { jobId: id });
  if (!target) return new Response('Not found', { status: 404 });
  return new Response(null, {
    status: 303,
    headers: { Location: target, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
};
