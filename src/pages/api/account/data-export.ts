import type { APIRoute } from 'astro';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { myDataExport } from '../../../features/account/operations';
import { errorCodeOf } from '../../../features/job-alerts/error-code';
import { localizePath } from '../../../lib/routing/resolve-request';
import { readSessionCookie } from '../../../server/auth/session-flows';
import { createSiteBackend } from '../../../server/backend';
import { logUnexpected } from '../../../server/log';
import { readFile } from '../../../server/storage/file-storage';

export const prerender = false;

/** Why an export was refused, as the account page's query parameter (its message). */
const refusals: Record<string, string> = { RATE_LIMITED: 'rateLimited', QUOTA_EXCEEDED: 'tooLarge' };

/**
 * GET /api/account/data-export (GDPR Art. 15 and 20, decision 0026): the signed-in user's data as a ZIP of
 * JSON documents and their stored files, read through the one GraphQL operation myDataExport (which checks
 * that the user acts as themself, counts 5 exports an hour and caps the files' size). The ZIP is streamed
 * one entry per pull, so a slow download holds at most one file in memory; stored files go in as they are
 * (already compressed formats), the JSON documents deflated. A refusal leads back to the account page.
 */
export const GET: APIRoute = async ({ request, locals, url, clientAddress }) => {
  const { brand, locale } = locals;
  const account = localizePath('/user/account', locale, brand);
  // Endpoints get no page session from the middleware: the session cookie's backend token acts here.
  const { claims } = await readSessionCookie(request);
  if (!claims) return redirect(localizePath('/user/login', locale, brand));
  const backend = createSiteBackend({
    url,
    brand,
    locale,
    token: claims.backendToken,
    clientAddress: clientAddress ?? null,
    signupStart: claims.signupStart,
  });
  let data;
  try {
    ({ myDataExport: data } = await backend.request(myDataExport, {}));
  } catch (error) {
    const refusal = refusals[errorCodeOf(error) ?? ''];
    if (!refusal) logUnexpected('data-rights', 'the data export failed', error);
    return redirect(`${account}?export=${refusal ?? 'failed'}`);
  }
  const { documents, files } = data;
  let next = 0;
  let zip: Zip;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const index = next++;
      const document = documents[index];
      if (document) {
        const entry = new ZipDeflate(document.name, { level: 6 });
        zip.add(entry);
        entry.push(strToU8(document.json), true);
        return;
      }
      const file = files[index - documents.length];
      if (!file) return zip.end();
      const content = await readFile({ key: file.storageKey });
      if (!content) {
        logUnexpected('data-rights', 'a file of the data export is missing in storage', new Error(file.path));
        return;
      }
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      entry.push(content, true);
    },
    cancel() {
      zip?.terminate();
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${brand.id}-my-data-${day}.zip"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
