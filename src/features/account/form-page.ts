/** Small helpers of the account pages' POST handling. */
import type { MessageKey } from '../../i18n/index.ts';
import { readFormBody } from '../../lib/form-body.ts';
import type { FieldErrors } from '../../lib/account-schemas.ts';

export interface FormSubmission {
  /** The submitted fields as plain strings (files and repeated names are not used by account forms). */
  values: Record<string, string>;
  /**
   * Set when the body is no form (415: JSON, plain text) or a broken one (400): the page answers with that
   * status and shows the message instead of handling the (empty) values.
   */
  refused: { status: 400 | 415; error: MessageKey } | null;
}

export async function formValues(request: Request): Promise<FormSubmission> {
  const body = await readFormBody(request);
  if (!body.ok) return { values: {}, refused: { status: body.status, error: 'account.error.notAForm' } };
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.fields)) if (typeof value === 'string') values[key] = value;
  return { values, refused: null };
}

export function stringValue(values: Record<string, unknown>, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

/** The status of a refused submission: 429 when a rate limit refused it, else 422 (invalid input). */
export function refusedStatus(fieldErrors: FieldErrors): 422 | 429 {
  return fieldErrors.form === 'account.error.rateLimited' ? 429 : 422;
}
