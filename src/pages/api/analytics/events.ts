import type { APIRoute } from 'astro';
import { recordSignupStart } from '../../../features/analytics/operations';
import { browserEventSchema } from '../../../lib/analytics/browser-event';
import { BackendGraphQLError } from '../../../lib/backend-client';
import { isSameOriginRequest } from '../../../server/auth/auth-url';
import { readSessionCookie } from '../../../server/auth/session-flows';
import { createSiteBackend } from '../../../server/backend';
import { AppError, httpStatusOf, isAppErrorCode } from '../../../server/errors';
import { parseInput } from '../../../server/validation';

export const prerender = false;

const problem = (status: number, message: string) =>
  Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * POST /api/analytics/events (SPEC section 4): measurement events from the browser, for now the one
 * signup-start event of a new social sign-up, as JSON `{ event: 'sign_up_start', method }`. Same origin
 * and a session of an existing user are required; 204 when stored (or already stored), 400 on bad input.
 * The backend records it (recordSignupStart), told by this route what the session's signup-start flag says.
 */
export const POST: APIRoute = async ({ request, locals, url, clientAddress }) => {
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
    const { method } = parseInput(browserEventSchema, input);
    const backend = createSiteBackend({
      url,
      brand: locals.brand,
      locale: locals.locale,
      token: claims.backendToken,
      clientAddress: clientAddress ?? null,
      signupStart: claims.signupStart,
    });
    await backend.request(recordSignupStart, { method });
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof AppError) return problem(httpStatusOf(error.code), error.message);
    const refusal = error instanceof BackendGraphQLError ? error.errors[0] : undefined;
    const code = refusal?.extensions?.code;
    if (!refusal || !isAppErrorCode(code)) throw error;
    return problem(httpStatusOf(code), refusal.message);
  }
};
