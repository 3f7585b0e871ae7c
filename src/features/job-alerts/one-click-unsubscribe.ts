import type { APIRoute } from 'astro';
import { errorCodeOf } from './error-code.ts';

/**
 * The endpoint of an RFC 8058 one-click unsubscribe URL (job alerts, resume alerts, the newsletter): a mail
 * client posts `List-Unsubscribe=One-Click` without cookies and without our Origin; the front door admits
 * these paths (src/server/http/one-click-unsubscribe.ts) and the signed token is the only authorisation.
 * `unsubscribe` is the kind's mutation through GraphQL; 200 when unsubscribed, 404 when the token does not
 * verify (forged, or already unsubscribed).
 */
export function oneClickUnsubscribeRoute(
  unsubscribe: (locals: App.Locals, token: string) => Promise<unknown>,
): APIRoute {
  return async ({ url, locals }) => {
    const token = url.searchParams.get('token') ?? '';
    const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
    try {
      await unsubscribe(locals, token);
      return new Response('Unsubscribed.\n', { status: 200, headers });
    } catch (error) {
      if (errorCodeOf(error) === 'NOT_FOUND') {
        return new Response('This link is not valid (any more).\n', { status: 404, headers });
      }
      throw error;
    }
  };
}
