/**
 * The GraphQL client of islands that act for the signed-in visitor (bookmarks, the dashboard's sections): the
 * session's backend token, the client loaded on first use so that it is not in the island's first JavaScript.
 */
import type { FrontendInfo } from '../../lib/backend-client/index.ts';

export async function signedInBackend(frontend: FrontendInfo) {
  const [{ createBackendClient }, { refreshSession }] = await Promise.all([
    import('../../lib/backend-client/index.ts'),
    import('../../stores/session.ts'),
  ]);
  const token = (await refreshSession()).data?.jwt;
  if (!token) throw new Error('signed out');
  return createBackendClient({
    transport: { kind: 'http', endpoint: new URL('/graphql', window.location.origin).href },
    frontend,
    token,
  });
}
