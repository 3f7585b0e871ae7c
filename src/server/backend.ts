import type { Brand, Locale } from '../../brands/index.ts';
import {
  createBackendClient,
  isVisualEditorRequest,
  type BackendClient,
  type InProcessResult,
} from '../lib/backend-client/index.ts';
import { getConfig } from './config.ts';
import { getGraphQLServer } from './graphql/instance.ts';

/**
 * The backend client pages use: the in-process GraphQL server when BACKEND_URL is unset (same schema,
 * plugins and error handling as POST /graphql, without a network hop), HTTP to BACKEND_URL otherwise.
 */
export function createSiteBackend(options: {
  url: URL;
  brand: Brand;
  locale: Locale;
  token?: string | null;
}): BackendClient {
  const backendUrl = getConfig().BACKEND_URL;
  return createBackendClient({
    transport: backendUrl
      ? { kind: 'http', endpoint: backendUrl }
      : {
          kind: 'in-process',
          execute: async ({ operationName, query, variables, headers }) => {
            headers.set('content-type', 'application/json');
            const response = await getGraphQLServer().fetch('http://in-process/graphql', {
              method: 'POST',
              headers,
              body: JSON.stringify({ operationName, query, variables }),
            });
            return (await response.json()) as InProcessResult;
          },
        },
    token: options.token ?? null,
    frontend: { name: options.brand.id, locale: options.locale },
    visualEditor: isVisualEditorRequest(options.url),
  });
}
