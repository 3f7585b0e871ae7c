import type { APIRoute } from 'astro';
import { fileDownloadResponse } from '../../../server/graphql/file-download';
import { readOrganizationAttachment } from '../../../server/modules/organizations/read-organization-attachment';

/**
 * GET /api/organization-attachments/{id}: an organization's uploaded file, if the visitor may see the
 * organization (members and staff also while it is unpublished); 404 otherwise.
 */
export const GET: APIRoute = ({ params, request, locals, clientAddress }) =>
  fileDownloadResponse(request, clientAddress ?? null, async (context) => {
    const file = await readOrganizationAttachment({ ...context, brandId: locals.brand.id, input: { id: params.id } });
    return file && { ...file, disposition: 'attachment' };
  });
