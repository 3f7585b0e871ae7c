import type { APIContext } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { loadSessionUser } from './features/account/page-session';
import { recordDispatch } from './features/analytics/dispatch';
import { dispatchEventOf, withoutDispatch } from './lib/analytics/dispatch';
import { localizePath, resolveRequest } from './lib/routing/resolve-request';
import { isPagePath, requiresSignIn } from './lib/routing/route-table';
import { visitorSearch } from './lib/routing/site-paths';
import { createSiteBackend } from './server/backend';
import { getBrand } from './server/brand';
import { expiredSessionCookies, hasSessionCookie, readSessionCookie } from './server/auth/session-flows';
import { startJobRunnerInServer } from './server/job-runner/in-server';
import { securityHeaders } from './server/http/security-headers';
import { answerAnonymousPage, getPageCache } from './server/page-cache';
import { publicOrigin } from './server/public-origin';

// The recurring tasks (decision 0016) run inside the built server, once per process, when it is the site's.
void startJobRunnerInServer();

/** The visitor's address for the backend's rate limits and audit rows; null where Astro has none. */
function clientAddressOf(context: APIContext): string | null {
  try {
    return context.clientAddress;
  } catch {
    return null;
  }
}

/**
 * The security headers of src/server/http/security-headers.ts on Astro's responses too, for `npm run dev`,
 * where no front door sets them (in production the front door covers every response, this one included).
 * A header the response has is kept: pages carry Astro's Content-Security-Policy with their hashes.
 */
const securityHeaderFallback = defineMiddleware(async (_context, next) => {
  const response = await next();
  const missing = Object.entries(securityHeaders(publicOrigin())).filter(([name]) => !response.headers.has(name));
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return response;
  } catch {
    // Responses passed through from fetch() have immutable headers: copy them.
    const copy = new Response(response.body, response);
    for (const [name, value] of missing) copy.headers.set(name, value);
    return copy;
  }
});

/** Legacy redirects, locale prefix, route translation, lowercase paths, tracking parameters, resumes off. */
const routing = defineMiddleware((context, next) => {
  const brand = getBrand();
  context.locals.brand = brand;
  context.locals.locale = brand.locales[0];
  context.locals.requestPath = context.url.pathname;
  context.locals.internalPath = context.url.pathname;
  const routingResult = resolveRequest(
    {
      pathname: context.url.pathname,
      search: context.url.search,
      acceptLanguage: context.request.headers.get('accept-language'),
    },
    brand,
  );
  switch (routingResult.kind) {
    case 'pass':
      context.locals.backend = createSiteBackend({
        url: context.url,
        brand,
        locale: brand.locales[0],
        clientAddress: clientAddressOf(context),
      });
      return next();
    case 'redirect': {
      const headers = new Headers({ Location: routingResult.location });
      if (routingResult.varyOnLanguage) headers.set('Vary', 'Accept-Language');
      return new Response(null, { status: routingResult.status, headers });
    }
    case 'page':
      context.locals.locale = routingResult.locale;
      context.locals.internalPath = routingResult.internalPath;
      context.locals.backend = createSiteBackend({
        url: context.url,
        brand,
        locale: routingResult.locale,
        clientAddress: clientAddressOf(context),
      });
      if (routingResult.rewrite === context.url.pathname + context.url.search) return next();
      return next(routingResult.rewrite);
  }
});

/**
 * Anonymous GET and HEAD requests of pages: answered from the page cache when it holds the page at the
 * current content version, else rendered and kept when every anonymous visitor may see the answer
 * (decision 0015). Requests with a session cookie pass by: nobody sees a page rendered for someone else.
 */
const pageCache = defineMiddleware(async (context, next) => {
  const { request } = context;
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !isPagePath(context.url.pathname)) return next();
  if (hasSessionCookie(request)) return next();
  const { locale, requestPath } = context.locals;
  const key = `${locale} ${requestPath}${visitorSearch(context.url)}`;
  return answerAnonymousPage(request, key, await getPageCache(), next, () => context.locals.contentExpiries);
});

/**
 * The session of every page request (not of endpoints and files: route-table.ts): decoded from the session
 * cookie, its backend token handed to the backend client, the user loaded through getUser. A token the
 * backend refuses, or a user it cannot load, sends the visitor to /user/logout (SPEC section 8).
 */
const session = defineMiddleware(async (context, next) => {
  context.locals.session = null;
  const { brand, locale, internalPath } = context.locals;
  if (!isPagePath(context.url.pathname)) return next();
  const local = (path: string) => localizePath(path, locale, brand);
  // The address the visitor sees (before any internal rewrite).
  const publicUrl = new URL(`${context.locals.requestPath}${context.url.search}`, context.url);

  const event = context.request.method === 'GET' ? dispatchEventOf(context.url.searchParams.get('dispatch')) : null;
  const cookie = await readSessionCookie(context.request);
  if (cookie.claims) {
    context.locals.backend = createSiteBackend({
      url: context.url,
      brand,
      locale,
      token: cookie.claims.backendToken,
      clientAddress: clientAddressOf(context),
    });
  }
  if (event !== null) {
    await recordDispatch(context.locals.backend, event, publicUrl.pathname);
    return new Response(null, { status: 302, headers: { Location: withoutDispatch(publicUrl) } });
  }

  if (cookie.claims) {
    const { backend } = context.locals;
    if (internalPath !== '/user/logout') {
      const result = await loadSessionUser(backend);
      if (result.kind === 'refused') {
        const headers = new Headers({ Location: local('/user/logout'), 'Cache-Control': 'no-store' });
        for (const value of expiredSessionCookies(cookie)) {
          headers.append('Set-Cookie', value);
        }
        return new Response(null, { status: 302, headers });
      }
      if (result.kind === 'user') {
        const { masquerade } = cookie.claims;
        context.locals.session = {
          user: result.user,
          backendToken: cookie.claims.backendToken,
          masquerade: masquerade ? { staffUserId: masquerade.staffUserId, staffEmail: masquerade.staffEmail } : null,
        };
      }
    }
  }

  // SPEC section 2: pages that need a session send anonymous visitors to sign-in and back.
  if (!context.locals.session && requiresSignIn(internalPath)) {
    const login = new URL(local('/user/login'), context.url);
    login.searchParams.set('error', 'SessionRequired');
    login.searchParams.set('callbackUrl', `${publicUrl.pathname}${publicUrl.search}`);
    return new Response(null, { status: 302, headers: { Location: `${login.pathname}${login.search}` } });
  }
  const response = await next();
  // Pages that show a signed-in visitor's data must not be stored by shared caches.
  if (context.locals.session) {
    try {
      response.headers.set('Cache-Control', 'private, no-store');
    } catch {
      // immutable headers (passed-through responses): leave them
    }
  }
  return response;
});

export const onRequest = sequence(securityHeaderFallback, routing, pageCache, session);
