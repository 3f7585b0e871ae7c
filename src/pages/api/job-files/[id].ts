import type { APIRoute } from 'astro';
import { parseEntityId } from '../../../lib/entity-id';
import { fileDownloadResponse } from '../../../server/graphql/file-download';
import { readJobFile } from '../../../server/modules/job-posting/read-job-file';

/**
 * GET /api/job-files/{jobId}: the PDF ad of a job_per_file job of the request's brand, if the visitor may
 * see the job (its recruiters and staff also before it is public); 404 otherwise.
 */
export const GET: APIRoute = ({ params, request, locals, clientAddress }) =>
  fileDownloadResponse(request, clientAddress ?? null, async (context) => {
    const id = parseEntityId(params.id);
    if (id === null) return null;
    const file = await readJobFile({ ...context, brandId: locals.brand.id, input: { id } });
    return file && { ...file, mimeType: 'application/pdf', disposition: 'inline' };
  });
