/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    brand: import('../brands/types').Brand;
    locale: import('../brands/types').Locale;
    /** The path the visitor asked for (before the internal rewrite), used for canonical and active links. */
    requestPath: string;
    /** The route under src/pages that renders the request (after locale and translation are resolved). */
    internalPath: string;
    /** The GraphQL backend client for this request (brand, language and session already applied). */
    backend: import('./lib/backend-client').BackendClient;
    /** The signed-in visitor (null for anonymous visitors and outside pages), set by the session middleware. */
    session?: import('./features/account/page-session').PageSession | null;
    /**
     * Set by a page that names the expiry dates (ms) of everything it shows (`contentExpiries` of
     * src/lib/route-content.ts): the page cache keeps it until the first of them instead of until any
     * content's next expiry (src/server/page-cache/page-cache.ts, validityOf).
     */
    contentExpiries?: readonly number[];
  }
}

// `client:interaction` (src/lib/client-directives/interaction.ts, registered in astro.config.mjs).
declare namespace Astro {
  interface ClientDirectives {
    'client:interaction'?: string | boolean;
  }
}
