import type { APIRoute } from 'astro';
import { endMasquerade, startMasquerade } from '../../features/account/operations';
import { parseEntityId } from '../../lib/entity-id';
import { BackendGraphQLError } from '../../lib/backend-client';
import { readFormBody } from '../../lib/form-body';
import { localizePath } from '../../lib/routing/resolve-request';
import { checkPageCsrf, readSessionCookie, redirectWithMasquerade } from '../../server/auth/session-flows';
import { log } from '../../server/log';

export const prerender = false;

/**
 * Masquerade (SPEC section 2: "Sessions may be masqueraded"): staff start acting as a user from the
 * dashboard (action=start, userId) and end it with one click on the banner (action=end). Both need the
 * CSRF token. The backend decides and audits (startMasquerade, endMasquerade: only users whose highest role
 * ranks below the staff member's own); this route writes the session cookie it hands back. A refusal goes
 * back to the dashboard with a translated message.
 */
export const POST: APIRoute = async (context) => {
  const { brand, locale, backend } = context.locals;
  const dashboard = localizePath('/dashboard', locale, brand);
  const body = await readFormBody(context.request);
  if (!body.ok) return new Response('Send the form from the dashboard.', { status: body.status });
  const field = (name: string) => {
    const value = body.fields[name];
    return typeof value === 'string' ? value : null;
  };
  if (!checkPageCsrf(context, field('csrfToken')))
    return new Response('CSRF token missing or invalid.', { status: 403 });
  const cookie = await readSessionCookie(context.request);
  if (!cookie.claims) return context.redirect(localizePath('/user/login', locale, brand), 303);
  const action = field('action');
  try {
    if (action === 'start') {
      const userId = parseEntityId(field('userId'));
      if (userId === null) return context.redirect(`${dashboard}?masquerade=invalid`, 303);
      const { startMasquerade: grant } = await backend.request(startMasquerade, { userId });
      return await redirectWithMasquerade(dashboard, context.request, cookie.claims, grant);
    }
    if (action === 'end') {
      const { endMasquerade: grant } = await backend.request(endMasquerade, {});
      if (!grant) return context.redirect(dashboard, 303);
      return await redirectWithMasquerade(dashboard, context.request, cookie.claims, grant);
    }
  } catch (error) {
    if (!(error instanceof BackendGraphQLError)) throw error;
    if (error.errorCodes.includes('UNAUTHENTICATED')) {
      return context.redirect(localizePath('/user/logout', locale, brand), 303);
    }
    const refusal = error.errors.find((entry) => entry.extensions?.code === 'FORBIDDEN');
    if (!refusal) throw error;
    log('auth').info({ reason: refusal.extensions?.reason, staffUserId: cookie.claims.uid }, 'masquerade refused');
    return context.redirect(`${dashboard}?masquerade=refused`, 303);
  }
  return new Response('Unknown action.', { status: 400 });
};
