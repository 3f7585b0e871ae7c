import { defineMiddleware, sequence } from 'astro:middleware';
import { resolveRequest } from './lib/routing/resolve-request';
import { createSiteBackend } from './server/backend';
import { getBrand } from './server/brand';

/** Same-origin frame blocking and a few safe defaults on every response (SPEC section 2). */
const securityHeaders = defineMiddleware(async (_context, next) => {
  const response = await next();
  const headers = {
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': "frame-ancestors 'self'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    // Responses passed through from fetch() have immutable headers: copy them.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
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
      context.locals.backend = createSiteBackend({ url: context.url, brand, locale: brand.locales[0] });
      return next();
    case 'redirect': {
      const headers = new Headers({ Location: routingResult.location });
      if (routingResult.varyOnLanguage) headers.set('Vary', 'Accept-Language');
      return new Response(null, { status: routingResult.status, headers });
    }
    case 'page':
      context.locals.locale = routingResult.locale;
      context.locals.internalPath = routingResult.internalPath;
      context.locals.backend = createSiteBackend({ url: context.url, brand, locale: routingResult.locale });
      if (routingResult.rewrite === context.url.pathname + context.url.search) return next();
      return next(routingResult.rewrite);
  }
});

export const onRequest = sequence(securityHeaders, routing);
