/** Small helpers of the account pages' POST handling. */
import type { FieldErrors } from './schemas.ts';

/** The submitted form as plain strings (files and repeated names are not used by account forms). */
export async function formValues(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string' && !(key in values)) values[key] = value;
  return values;
}

export function stringValue(values: Record<string, unknown>, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' ? value : undefined;
}

/** The status of a refused submission: 429 when a rate limit refused it, else 422 (invalid input). */
export function refusedStatus(fieldErrors: FieldErrors): 422 | 429 {
  return fieldErrors.form === 'account.error.rateLimited' ? 429 : 422;
}
