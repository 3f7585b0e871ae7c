import { BackendGraphQLError } from '../../lib/backend-client/index.ts';

/** An expected refusal of a team operation: its code, its message (in the request's language), field errors. */
export interface TeamRefusal {
  code: string;
  message: string;
  fieldErrors: Record<string, string>;
}

const expectedCodes = new Set([
  'BAD_USER_INPUT',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
]);

/** The refusal the backend answered, or the error again when it is not an expected one. */
export function teamRefusalOf(error: unknown): TeamRefusal {
  const entry = error instanceof BackendGraphQLError ? error.errors[0] : undefined;
  const code = entry?.extensions?.code;
  if (!entry || typeof code !== 'string' || !expectedCodes.has(code)) throw error;
  const reported = entry.extensions?.fieldErrors;
  const fieldErrors: Record<string, string> = {};
  if (reported && typeof reported === 'object') {
    for (const [field, message] of Object.entries(reported)) {
      if (typeof message === 'string') fieldErrors[field] = message;
    }
  }
  return { code, message: entry.message, fieldErrors };
}

/** The HTTP status a page answers with for a refusal. */
export function statusOfRefusal(refusal: TeamRefusal): number {
  return (
    { BAD_USER_INPUT: 422, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, RATE_LIMITED: 429, UNAUTHENTICATED: 401 }[
      refusal.code
    ] ?? 400
  );
}
