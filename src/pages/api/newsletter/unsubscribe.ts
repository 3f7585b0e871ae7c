import type { APIRoute } from 'astro';
import { unsubscribeNewsletter } from '../../../features/newsletter/operations';
import { errorCodeOf } from '../../../features/job-alerts/error-code';

export const prerender = false;

/**
 * POST /api/newsletter/unsubscribe?token=… : RFC 8058 one-click unsubscribe, the List-Unsubscribe URL of
 * the newsletter's mails (the front door admits it like the job alerts' one: the signed token is the only
 * authorisation). 200 when unsubscribed, 404 when the token does not verify.
 */
export const POST: APIRoute = async ({ url, locals }) => {
  const token = url.searchParams.get('token') ?? '';
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  try {
    await locals.backend.request(unsubscribeNewsletter, { token });
    return new Response('Unsubscribed.\n', { status: 200, headers });
  } catch (error) {
    if (errorCodeOf(error) === 'NOT_FOUND') {
      return new Response('This link is not valid (any more).\n', { status: 404, headers });
    }
    throw error;
  }
};
