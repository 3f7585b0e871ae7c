import type { APIRoute } from 'astro';
import { unsubscribeJobAlert } from '../../../lib/operations/bookmarks-and-alerts';
import { errorCodeOf } from '../../../features/job-alerts/error-code';

export const prerender = false;

/**
 * POST /api/job-alerts/unsubscribe?token=… : RFC 8058 one-click unsubscribe, the List-Unsubscribe URL of
 * every job alert mail. A mail client posts `List-Unsubscribe=One-Click` without cookies and without our
 * Origin (the front door vouches for the origin of this one path: the signed token is the only
 * authorisation, so there is no session to forge a request for). The same mutation as the unsubscribe
 * page; 200 when unsubscribed, 404 when the token does not verify (forged, or already unsubscribed).
 */
export const POST: APIRoute = async ({ url, locals }) => {
  const token = url.searchParams.get('token') ?? '';
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  try {
    await locals.backend.request(unsubscribeJobAlert, { token });
    return new Response('Unsubscribed.\n', { status: 200, headers });
  } catch (error) {
    if (errorCodeOf(error) === 'NOT_FOUND') {
      return new Response('This link is not valid (any more).\n', { status: 404, headers });
    }
    throw error;
  }
};
