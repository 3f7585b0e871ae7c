/**
 * The signed-in visitor of a page request: the session cookie's claims (src/server/auth/session-flows.ts)
 * and the user behind them, loaded through the backend with the session's backend token (SPEC section 8).
 */
import { BackendGraphQLError, type BackendClient } from '../../lib/backend-client/index.ts';
import { logUnexpected } from '../../server/log.ts';
import { getUser, type SessionUser } from './operations.ts';

export interface PageSession {
  user: SessionUser;
  backendToken: string;
  /** Set while a staff member acts as `user`. */
  masquerade: { staffUserId: number; staffEmail: string } | null;
}

export type SessionUserResult =
  | { kind: 'user'; user: SessionUser }
  /** SPEC section 8: the backend refused the token or has no such user: sign the visitor out. */
  | { kind: 'refused' }
  /** The backend could not answer (network, server error): treat the page as anonymous for now. */
  | { kind: 'unavailable' };

export async function loadSessionUser(backend: BackendClient): Promise<SessionUserResult> {
  try {
    const { getUser: user } = await backend.request(getUser, {});
    return user ? { kind: 'user', user } : { kind: 'refused' };
  } catch (error) {
    if (error instanceof BackendGraphQLError && error.errorCodes.includes('UNAUTHENTICATED'))
      return { kind: 'refused' };
    logUnexpected('auth', 'session user could not be loaded', error);
    return { kind: 'unavailable' };
  }
}
