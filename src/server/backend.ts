import type { Brand, Locale } from '../../brands/index.ts';
import { createBackendClient, isVisualEditorRequest, type BackendClient } from '../lib/backend-client/index.ts';
import { getConfig } from './config.ts';
import { executeInProcess, streamInProcess } from './graphql/in-process.ts';
import { getGraphQLServer } from './graphql/instance.ts';

/**
 * The backend client pages use: the in-process GraphQL server when BACKEND_URL is unset (same schema,
 * plugins and error handling as POST /graphql, without a network hop or an HTTP exchange:
 * graphql/in-process.ts), HTTP to BACKEND_URL otherwise.
 * In-process, the visitor's address and session facts travel as the server's own context (ServerContext in
 * src/server/graphql/context.ts), never as request headers a client could forge.
 */
export function createSiteBackend(options: {
  url: URL;
  brand: Brand;
  locale: Locale;
  token?: string | null;
  /** The visitor's address (Astro's `clientAddress`), for the account rate limits and audit rows. */
  clientAddress?: string | null;
  /** The signup-start flag of the visitor's Auth.js session (only the analytics endpoint needs it). */
  signupStart?: { method: string } | null;
}): BackendClient {
  const serverContext = { clientAddress: options.clientAddress ?? null, signupStart: options.signupStart ?? null };
  const backendUrl = getConfig().BACKEND_URL;
  return createBackendClient({
    transport: backendUrl
      ? { kind: 'http', endpoint: backendUrl }
      : {
          kind: 'in-process',
          execute: (request) => executeInProcess(getGraphQLServer(), request, serverContext),
          stream: (request) => streamInProcess(getGraphQLServer(), request, serverContext),
        },
    token: options.token ?? null,
    frontend: { name: options.brand.id, locale: options.locale },
    visualEditor: isVisualEditorRequest(options.url),
  });
}
