import type { APIRoute } from 'astro';
import { relayGmapi } from '../../server/measurement/relay';

export const prerender = false;

/** POST /api/gmapi (SPEC section 7): one measurement event, relayed to the GA4 Measurement Protocol. */
export const POST: APIRoute = ({ request, locals, clientAddress }) =>
  relayGmapi(request, locals.brand, clientAddress ?? null);
