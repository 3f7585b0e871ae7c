/**
 * Reading a POSTed form without trusting the client: a body that is not a form (JSON where a form is
 * expected, plain text, no content type) is refused with 415, a form that cannot be parsed (broken
 * multipart, a boundary that never comes) with 400. Never an exception, so never a 500.
 */

export type FormBody =
  | {
      ok: true;
      fields: Record<string, unknown>;
      /** The non-empty files of a multipart form, by field name (a browser sends an empty part for no file). */
      files: Record<string, File[]>;
    }
  | { ok: false; status: 400 | 415; reason: 'malformed' | 'unsupported' };

const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** "Multipart/Form-Data; boundary=x" → "multipart/form-data"; "" when there is none. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const malformed: FormBody = { ok: false, status: 400, reason: 'malformed' };
const unsupported: FormBody = { ok: false, status: 415, reason: 'unsupported' };

/**
 * The fields of a form body: the first value of each name; the files apart. With `acceptJson`, a JSON
 * object body is read as the fields too (its values as they are).
 */
export async function readFormBody(request: Request, options: { acceptJson?: boolean } = {}): Promise<FormBody> {
  const type = mediaTypeOf(request.headers.get('content-type'));
  if (options.acceptJson && type === 'application/json') {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return malformed;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return malformed;
    return { ok: true, fields: { ...(body as Record<string, unknown>) }, files: {} };
  }
  if (!formTypes.has(type)) return unsupported;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return malformed;
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, File[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!(name in fields)) fields[name] = value;
    } else if (value.size > 0 || value.name !== '') (files[name] ??= []).push(value);
  }
  return { ok: true, fields, files };
}
