import type { APIRoute } from 'astro';
import { getAuthSecret } from '../../../server/auth/secret';
import { getDatabase } from '../../../server/db';
import { AppError } from '../../../server/errors';
import { sessionViewerOf } from '../../../server/graphql/context';
import { createLoaders } from '../../../server/graphql/loaders';
import { readOrganizationAttachment } from '../../../server/modules/organizations/read-organization-attachment';

/**
 * GET /api/organization-attachments/{id}: an organization's uploaded file, if the visitor may see the
 * organization (members and staff also while it is unpublished). Files live outside public/ under
 * generated names; this is the only way to them. Unknown, hidden and malformed ids all answer 404.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const { db } = await getDatabase();
  try {
    const file = await readOrganizationAttachment({
      db,
      viewer: await sessionViewerOf(request, db, getAuthSecret()),
      loaders: createLoaders(db),
      brandId: locals.brand.id,
      input: { id: params.id },
    });
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.data), {
      headers: {
        'Content-Type': file.mimeType,
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response('Not found', { status: 404 });
    throw error;
  }
};
