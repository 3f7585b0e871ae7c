/** The dashboard islands' GraphQL client (issue 14): the session's backend token, loaded on first use. */
import type { FrontendInfo } from '../../lib/backend-client/index.ts';

export async function dashboardBackend(frontend: FrontendInfo) {
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
