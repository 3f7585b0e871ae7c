import type { APIRoute } from 'astro';
import { isSameOriginRequest } from '../../../server/auth/auth-url';
import { readSessionCookie } from '../../../server/auth/page-session';
import { getDatabase } from '../../../server/db';
import { AppError, httpStatusOf } from '../../../server/errors';
import { recordBrowserEvent } from '../../../server/modules/analytics/record-browser-event';

export const prerender = false;

const problem = (status: number, message: string) =>
  Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * POST /api/analytics/events (SPEC section 4): measurement events from the browser, for now the one
 * signup-start event of a new social sign-up, as JSON `{ event: 'sign_up_start', method }`. Same origin
 * and a session of an existing user are required; 204 when stored (or already stored), 400 on bad input.
 */
export const POST: APIRoute = async ({ request }) => {
  // Astro's checkOrigin leaves JSON requests alone; a cross-site page must not report events for a visitor.
  if (!isSameOriginRequest(request)) return problem(403, 'Cross-site requests are not accepted.');
  const { claims } = await readSessionCookie(request);
  if (!claims) return problem(401, 'Sign in first.');
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return problem(400, 'Send the event as JSON (Content-Type: application/json).');
  }
  const input: unknown = await request.json().catch(() => undefined);
  if (input === undefined) return problem(400, 'The body is not valid JSON.');
  try {
    await recordBrowserEvent({ db: (await getDatabase()).db, session: claims, input });
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return problem(httpStatusOf(error.code), error.message);
  }
};
