/** The `dispatch` event of a page request (SPEC section 2), recorded through the backend by the middleware. */
import type { DispatchEvent } from '../../lib/analytics/dispatch.ts';
import { BackendGraphQLError, type BackendClient } from '../../lib/backend-client/index.ts';
import { log, logUnexpected } from '../../server/log.ts';
import { recordDispatchEvent } from './operations.ts';

/**
 * Records the event for the visitor the backend client speaks for. Measurement must never cost the visitor
 * the redirect: a refusal (a session the backend no longer accepts) is one log line, any other failure
 * (backend down) is logged as unexpected; neither is thrown.
 */
export async function recordDispatch(backend: BackendClient, event: DispatchEvent, path: string): Promise<void> {
  try {
    await backend.request(recordDispatchEvent, { event, path });
  } catch (error) {
    if (error instanceof BackendGraphQLError) {
      log('analytics').warn({ event, path, codes: error.errorCodes }, `${event} not recorded`);
    } else {
      logUnexpected('analytics', `${event} not recorded (path ${path})`, error);
    }
  }
}
