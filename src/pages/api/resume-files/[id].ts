import type { APIRoute } from 'astro';
import { parseEntityId } from '../../../lib/entity-id';
import { fileDownloadResponse } from '../../../server/graphql/file-download';
import { readResumeAttachment } from '../../../server/modules/resumes/upload-resume-attachment';

/**
 * GET /api/resume-files/{id}: a file of a resume's attachments box of the request's brand, for the resume's
 * owner, staff and recruiters whose contact request was approved (issue 17). 404 for everyone else, as for
 * unknown ids.
 */
export const GET: APIRoute = ({ params, request, locals, clientAddress }) =>
  fileDownloadResponse(request, clientAddress ?? null, async (context) => {
    const id = parseEntityId(params.id);
    if (id === null) return null;
    const file = await readResumeAttachment({ ...context, brandId: locals.brand.id, fileId: id });
    return file && { ...file, disposition: 'attachment' };
  });
