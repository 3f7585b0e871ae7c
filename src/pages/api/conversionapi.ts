import type { APIRoute } from 'astro';
import { relayConversion } from '../../server/measurement/relay';

export const prerender = false;

/** POST /api/conversionapi (SPEC section 7): one of the brand's conversion events, relayed to the conversion API. */
export const POST: APIRoute = ({ request, locals, clientAddress }) =>
  relayConversion(request, locals.brand, clientAddress ?? null);
