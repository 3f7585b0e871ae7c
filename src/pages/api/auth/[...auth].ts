import type { APIRoute } from 'astro';
import { handleAuthRequest } from '../../../server/auth/handler';

export const prerender = false;

/** /api/auth/* (SPEC sections 2 and 7): Auth.js routes and _log, with the secret read at run time. */
export const ALL: APIRoute = ({ request, locals, clientAddress }) =>
  handleAuthRequest(request, { brand: locals.brand, clientAddress: clientAddress ?? null });
