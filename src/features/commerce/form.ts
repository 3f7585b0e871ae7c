/** The POST handling of the commerce forms (checkout, staff actions). */
import { BackendGraphQLError } from '../../lib/backend-client/index.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';

export interface CommerceRefusal {
  /** Per field, the message in the visitor's language as the backend wrote it; `form` for the rest. */
  fieldErrors: FieldErrors;
  status: 403 | 404 | 409 | 422;
}

const statusOf: Record<string, CommerceRefusal['status']> = {
  BAD_USER_INPUT: 422,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  QUOTA_EXCEEDED: 409,
};

/** The backend's refusal of a commerce form; anything that is no refusal is thrown again. */
export function commerceRefusalOf(error: unknown): CommerceRefusal {
  const entry =
    error instanceof BackendGraphQLError
      ? error.errors.find((candidate) => candidate.extensions?.code && candidate.extensions.code in statusOf)
      : undefined;
  if (!entry?.extensions?.code) throw error;
  const fieldErrors: FieldErrors = {};
  const reported = entry.extensions.fieldErrors;
  if (typeof reported === 'object' && reported !== null) {
    for (const [field, message] of Object.entries(reported)) {
      if (typeof message === 'string') fieldErrors[field] = message;
    }
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors.form = entry.message;
  return { fieldErrors, status: statusOf[entry.extensions.code] ?? 422 };
}

/** A random one-time key for a form (the checkout's request key). */
export function formRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
