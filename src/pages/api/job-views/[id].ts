import type { APIRoute } from 'astro';
import { recordJobView } from '../../../features/jobs/operations';
import { parseEntityId } from '../../../lib/entity-id';
import { logUnexpected } from '../../../server/log';
import { isAutomatedAgent } from '../../../server/http/automated-agent';

export const prerender = false;

/** A transparent 1×1 GIF (42 bytes). */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * GET /api/job-views/{jobId}: the view beacon of a job page (src/server/modules/jobs/job-views.ts), an image
 * the page loads like its logo, so that a view counts however the page was served and without a script.
 * Counted through the backend (recordJobView) unless the user agent announces a crawler; always the same
 * transparent pixel, never stored by browsers or CDNs, so every view reaches the server.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const jobId = parseEntityId(params.id);
  if (jobId !== null && !isAutomatedAgent(request.headers.get('user-agent'))) {
    try {
      await locals.backend.request(recordJobView, { jobId });
    } catch (error) {
      logUnexpected('job-views', `the view of job ${jobId} was not counted`, error);
    }
  }
  return new Response(new Uint8Array(pixel), {
    headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
  });
};
