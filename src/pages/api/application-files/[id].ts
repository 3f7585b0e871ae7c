import type { APIRoute } from 'astro';
import { parseEntityId } from '../../../lib/entity-id';
import { getAuthSecret } from '../../../server/auth/secret';
import { fileDownloadResponse } from '../../../server/graphql/file-download';
import { readApplicationFile } from '../../../server/modules/applications/read-application-file';

/**
 * GET /api/application-files/{id}: a file of a sent application of the request's brand, for its applicant,
 * the job's organization (members who manage its jobs) and staff, or with the signed, expiring link of the
 * employer's mail (?expires=…&signature=…). 404 for everyone else, as for unknown ids.
 */
export const GET: APIRoute = ({ params, request, locals, clientAddress, url }) =>
  fileDownloadResponse(request, clientAddress ?? null, async (context) => {
    const id = parseEntityId(params.id);
    if (id === null) return null;
    const file = await readApplicationFile({
      ...context,
      brandId: locals.brand.id,
      fileId: id,
      link: {
        expires: url.searchParams.get('expires'),
        signature: url.searchParams.get('signature'),
        secret: getAuthSecret(),
      },
    });
    return file && { ...file, disposition: 'attachment' };
  });
