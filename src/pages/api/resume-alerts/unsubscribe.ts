import type { APIRoute } from 'astro';
import { errorCodeOf } from '../../../features/job-alerts/error-code';
import { unsubscribeResumeAlert } from '../../../lib/operations/resume-alerts';

export const prerender = false;

/**
 * POST /api/resume-alerts/unsubscribe?token=… : RFC 8058 one-click unsubscribe, the List-Unsubscribe URL of
 * every resume alert digest (issue 17 part 5). As /api/job-alerts/unsubscribe: the front door vouches for
 * the origin of this one path and removes cookies; the signed token is the only authorisation. 200 when
 * unsubscribed, 404 when the token does not verify (forged, or already unsubscribed).
 */
export const POST: APIRoute = async ({ url, locals }) => {
  const token = url.searchParams.get('token') ?? '';
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  try {
    await locals.backend.request(unsubscribeResumeAlert, { token });
    return new Response('Unsubscribed.\n', { status: 200, headers });
  } catch (error) {
    if (errorCodeOf(error) === 'NOT_FOUND') {
      return new Response('This link is not valid (any more).\n', { status: 404, headers });
    }
    throw error;
  }
};
