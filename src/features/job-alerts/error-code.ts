import { BackendGraphQLError } from '../../lib/backend-client/index.ts';

/** The code of a refused backend request (NOT_FOUND, BAD_USER_INPUT, …), null for other failures. */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof BackendGraphQLError ? (error.errors[0]?.extensions?.code ?? null) : null;
}
