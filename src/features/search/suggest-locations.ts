/**
 * Location suggestions from the browser: POST /graphql through the backend client. Loaded with a dynamic
 * import when the visitor first types a place, so the GraphQL client is not part of the page's JavaScript.
 */
import { createBackendClient, type BackendClient, type FrontendInfo } from '../../lib/backend-client/index.ts';
import { locationSuggestions } from '../../lib/operations/search.ts';
import type { LocationSuggestion } from '../../lib/search/resolve-location.ts';

let client: BackendClient | null = null;

export async function suggestLocations(frontend: FrontendInfo, query: string): Promise<LocationSuggestion[]> {
  // graphql-request needs an absolute endpoint.
  const endpoint = new URL('/graphql', window.location.origin).href;
  client ??= createBackendClient({ transport: { kind: 'http', endpoint }, frontend });
  const data = await client.request(locationSuggestions, { query, limit: 8 });
  return data.locationSuggestions;
}
