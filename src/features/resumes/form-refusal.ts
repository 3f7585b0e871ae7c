import { BackendGraphQLError } from '../../lib/backend-client/index.ts';

/**
 * The field errors of a refused resume form, as the backend sent them (already in the visitor's language),
 * plus `form` for a refusal of the whole form. Anything that is no refusal is thrown again.
 */
export function resumeRefusalOf(error: unknown): { fieldErrors: Record<string, string>; status: number } {
  if (!(error instanceof BackendGraphQLError)) throw error;
  const entry = error.errors[0];
  const code = entry?.extensions?.code;
  if (!entry || typeof code !== 'string' || code === 'INTERNAL_SERVER_ERROR') throw error;
  const fieldErrors: Record<string, string> = {};
  const reported = entry.extensions?.fieldErrors;
  if (reported && typeof reported === 'object') {
    for (const [field, message] of Object.entries(reported))
      if (typeof message === 'string') fieldErrors[field] = message;
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors.form = entry.message;
  const status = code === 'BAD_USER_INPUT' ? 422 : code === 'NOT_FOUND' ? 404 : code === 'FORBIDDEN' ? 403 : 409;
  return { fieldErrors, status };
}

/** The posted values of the named fields: lists (checkboxes) as arrays, everything else as one string. */
export async function postedSectionValues(request: Request, fields: readonly string[], listFields: readonly string[]) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const values: Record<string, string | string[]> = {};
  for (const name of [...fields, 'id', 'csrfToken', 'action']) {
    if (listFields.includes(name)) values[name] = form.getAll(name).filter((value) => typeof value === 'string');
    else {
      const value = form.get(name);
      if (typeof value === 'string') values[name] = value;
    }
  }
  return values;
}
