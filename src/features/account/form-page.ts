/** Small helpers of the account pages' POST handling. */
import type { MessageKey } from '../../i18n/index.ts';
import { BackendGraphQLError } from '../../lib/backend-client/index.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import { readFormBody } from '../../lib/form-body.ts';
import type { PasswordFeedback } from '../../server/auth/password-strength.ts';

export interface FormSubmission {
  /** The submitted fields as plain strings (files and repeated names are not used by account forms). */
  values: Record<string, string>;
  /** The uploaded files by field name (the contact form's attachments). */
  files: Record<string, File[]>;
  /**
   * Set when the body is no form (415: JSON, plain text) or a broken one (400): the page answers with that
   * status and shows the message instead of handling the (empty) values.
   */
  refused: { status: 400 | 415; error: MessageKey } | null;
}

export async function formValues(request: Request): Promise<FormSubmission> {
  const body = await readFormBody(request);
  if (!body.ok) return { values: {}, files: {}, refused: { status: body.status, error: 'account.error.notAForm' } };
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.fields)) if (typeof value === 'string') values[key] = value;
  return { values, files: body.files, refused: null };
}

export function stringValue(values: Record<string, unknown>, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

/** The submitted values of the named fields, as a form input of the backend (missing ones left out). */
export function pickFields<TField extends string>(
  values: Record<string, string>,
  fields: readonly TField[],
): Partial<Record<TField, string>> {
  const picked: Partial<Record<TField, string>> = {};
  for (const field of fields) if (Object.hasOwn(values, field)) picked[field] = values[field];
  return picked;
}

/** A form the backend refused: a message key per field, zxcvbn's feedback, and the page's status. */
export interface FormRefusal {
  fieldErrors: FieldErrors;
  passwordFeedback?: PasswordFeedback;
  /** 429 when a rate limit refused it, 403 when it is not allowed at all, else 422 (invalid input). */
  status: 403 | 422 | 429;
}

const refusalStatus: Record<string, FormRefusal['status']> = {
  BAD_USER_INPUT: 422,
  RATE_LIMITED: 429,
  FORBIDDEN: 403,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function passwordFeedbackOf(value: unknown): PasswordFeedback | undefined {
  if (!isRecord(value) || !Array.isArray(value.suggestions)) return undefined;
  const suggestions = value.suggestions.filter((item): item is string => typeof item === 'string');
  return { warning: typeof value.warning === 'string' ? value.warning : null, suggestions };
}

/**
 * The refusal of an account form, read from the backend's error (the accounts module's formRefusal:
 * `extensions.fieldErrors` with a message key per field, `extensions.passwordFeedback`). Anything else is
 * no refusal of the form and is thrown again.
 */
export function formRefusalOf(error: unknown): FormRefusal {
  const entry =
    error instanceof BackendGraphQLError
      ? error.errors.find((candidate) => candidate.extensions?.code && candidate.extensions.code in refusalStatus)
      : undefined;
  if (!entry?.extensions?.code) throw error;
  const fieldErrors: FieldErrors = {};
  const reported = entry.extensions.fieldErrors;
  if (isRecord(reported)) {
    for (const [field, key] of Object.entries(reported)) {
      if (typeof key === 'string') fieldErrors[field] = key.startsWith('account.') ? key : 'account.error.invalid';
    }
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors.form = 'account.error.invalid';
  const passwordFeedback = passwordFeedbackOf(entry.extensions.passwordFeedback);
  return {
    fieldErrors,
    ...(passwordFeedback ? { passwordFeedback } : {}),
    status: refusalStatus[entry.extensions.code] ?? 422,
  };
}
