import type { APIRoute } from 'astro';
import { parseEntityId } from '../../lib/entity-id';
import { readFormBody } from '../../lib/form-body';
import { localizePath } from '../../lib/routing/resolve-request';
import { checkPageCsrf } from '../../server/auth/page-csrf';
import { readSessionCookie } from '../../server/auth/page-session';
import { endMasquerade, MasqueradeRefused, startMasquerade } from '../../server/auth/session-claims';
import { getAuthSecret } from '../../server/auth/secret';
import { redirectWithCookies, sessionSetCookies } from '../../server/auth/session-writer';
import { getDatabase } from '../../server/db';
import { log } from '../../server/log';

export const prerender = false;

/**
 * Masquerade (SPEC section 2: "Sessions may be masqueraded"): staff start acting as a user from the
 * dashboard (action=start, userId) and end it with one click on the banner (action=end). Both need the
 * CSRF token; both are written to masquerade_audit. Only users whose highest role ranks below the staff
 * member's own can be masqueraded (canMasqueradeAs in src/server/auth/viewer.ts); a refusal goes back to
 * the dashboard with a translated message.
 */
export const POST: APIRoute = async (context) => {
  const { brand, locale } = context.locals;
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
  const { db } = await getDatabase();
  const secret = getAuthSecret();
  const ipAddress = context.clientAddress ?? null;
  const action = field('action');
  try {
    if (action === 'start') {
      const userId = parseEntityId(field('userId'));
      if (userId === null) return context.redirect(`${dashboard}?masquerade=invalid`, 303);
      const claims = await startMasquerade({ db, secret, claims: cookie.claims, targetUserId: userId, ipAddress });
      return redirectWithCookies(dashboard, await sessionSetCookies(context.request, claims));
    }
    if (action === 'end') {
      const claims = await endMasquerade({ db, secret, claims: cookie.claims, ipAddress });
      if (!claims) return context.redirect(localizePath('/user/logout', locale, brand), 303);
      return redirectWithCookies(dashboard, await sessionSetCookies(context.request, claims));
    }
  } catch (error) {
    if (!(error instanceof MasqueradeRefused)) throw error;
    log('auth').info({ reason: error.reason, staffUserId: cookie.claims.uid }, 'masquerade refused');
    return context.redirect(`${dashboard}?masquerade=refused`, 303);
  }
  return new Response('Unknown action.', { status: 400 });
};
