import type { APIRoute } from 'astro';
import { jobDescriptionDraft } from '../../features/job-description/operations';
import { createTranslator, isSupportedLocale } from '../../i18n';
import { BackendGraphQLError } from '../../lib/backend-client';
import { jobDescriptionInputSchema, type JobDescriptionStreamLine } from '../../lib/job-description';
import { isSameOriginRequest } from '../../server/auth/auth-url';
import { readSessionCookie } from '../../server/auth/session-flows';
import { createSiteBackend } from '../../server/backend';
import { AppError, httpStatusOf, isAppErrorCode, type AppErrorCode } from '../../server/errors';
import { jobDescriptionBodyBytes } from '../../server/http/body-limits';
import { logUnexpected } from '../../server/log';
import { parseInput } from '../../server/validation';

export const prerender = false;

const noStore = { 'Cache-Control': 'no-store' };

const refusal = (code: AppErrorCode, message: string, extra: Record<string, unknown> = {}) =>
  Response.json({ error: { code, message, ...extra } }, { status: httpStatusOf(code), headers: noStore });

/** A failure of the backend as a line of the stream (or a refusal): code and message, nothing internal. */
function failureOf(error: unknown, fallback: string): { code: AppErrorCode; message: string } {
  const entry = error instanceof BackendGraphQLError ? error.errors[0] : undefined;
  const code = entry?.extensions?.code;
  if (entry && isAppErrorCode(code)) return { code, message: entry.message };
  logUnexpected('job-description', 'draft failed', error);
  return { code: 'UNAVAILABLE', message: fallback };
}

/**
 * POST /api/job-description (SPEC section 9): an AI draft of a job description for the job form, from the
 * job's fields as JSON (src/lib/job-description.ts). Same origin and a session are required; the backend
 * decides the rest (recruiter or staff, feature configured, drafts per hour) through the jobDescriptionDraft
 * subscription. A draft refused before it starts answers with its status and `{ error: { code, message } }`
 * (400 with `fieldErrors`, 401, 403, 413, 429, 503); otherwise 200 and NDJSON, one JSON object per line:
 * `{ "text": … }` for each piece, then `{ "done": true }`, or `{ "error": { code, message } }` when the
 * draft fails after it began (TIMEOUT, UNAVAILABLE). Messages read in the visitor's language. Closing the
 * connection stops the draft at the provider. `?locale=` names the visitor's language (one of the brand's).
 */
export const POST: APIRoute = async ({ request, locals, url, clientAddress }) => {
  // Endpoints have no locale prefix: the form names its language (one of the brand's, else the first).
  const asked = url.searchParams.get('locale') ?? '';
  const locale = isSupportedLocale(asked) && locals.brand.locales.includes(asked) ? asked : locals.locale;
  const t = createTranslator(locale);
  // Astro's checkOrigin leaves JSON requests alone; a cross-site page must not spend a recruiter's drafts.
  if (!isSameOriginRequest(request)) return refusal('FORBIDDEN', t('error.forbidden'));
  const { claims } = await readSessionCookie(request);
  if (!claims) return refusal('UNAUTHENTICATED', t('jobDescription.error.session'));
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return refusal('BAD_USER_INPUT', t('jobDescription.error.input'));
  }
  // The front door admits only bodies with a Content-Length of at most 100 KB here; this one needs far less.
  if (Number(request.headers.get('content-length') ?? Infinity) > jobDescriptionBodyBytes) {
    return Response.json(
      { error: { code: 'BAD_USER_INPUT', message: t('http.413', { limit: `${jobDescriptionBodyBytes / 1024} KB` }) } },
      { status: 413, headers: noStore },
    );
  }
  const body: unknown = await request.json().catch(() => undefined);
  let input;
  try {
    input = parseInput(jobDescriptionInputSchema, body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusal('BAD_USER_INPUT', t('jobDescription.error.input'), { fieldErrors: error.details?.fieldErrors });
  }

  const backend = createSiteBackend({
    url,
    brand: locals.brand,
    locale,
    token: claims.backendToken,
    clientAddress: clientAddress ?? null,
  });
  const events = backend.subscribe(jobDescriptionDraft, { input });
  // The first event tells a refused draft (its own status) from one that has begun (200 and the stream).
  let first: IteratorResult<{ jobDescriptionDraft: { text: string } }>;
  try {
    first = await events.next();
  } catch (error) {
    const { code, message } = failureOf(error, t('jobDescription.error.failed'));
    return refusal(code, message);
  }

  const encoder = new TextEncoder();
  const line = (value: JobDescriptionStreamLine) => encoder.encode(`${JSON.stringify(value)}\n`);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) {
        controller.enqueue(line({ done: true }));
        controller.close();
      } else {
        controller.enqueue(line({ text: first.value.jobDescriptionDraft.text }));
      }
    },
    async pull(controller) {
      try {
        const next = await events.next();
        if (next.done) {
          controller.enqueue(line({ done: true }));
          controller.close();
          return;
        }
        controller.enqueue(line({ text: next.value.jobDescriptionDraft.text }));
      } catch (error) {
        controller.enqueue(line({ error: failureOf(error, t('jobDescription.error.failed')) }));
        controller.close();
      }
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      ...noStore,
      // Proxies must pass the pieces on as they come (nginx buffers otherwise).
      'X-Accel-Buffering': 'no',
    },
  });
};
