import type { APIRoute } from 'astro';
import { getAuthSecret } from '../../../server/auth/secret';
import { getDatabase } from '../../../server/db';
import { AppError } from '../../../server/errors';
import { sessionViewerOf } from '../../../server/graphql/context';
import { createLoaders } from '../../../server/graphql/loaders';
import { readJobFile } from '../../../server/modules/job-posting/job-files';

/**
 * GET /api/job-files/{jobId}: the PDF ad of a job_per_file job, if the visitor may see the job (its
 * recruiters and staff also before it is public). Files live outside public/ under generated names; this
 * is the only way to them. Unknown, hidden and malformed ids all answer 404.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const { db } = await getDatabase();
  try {
    const file = await readJobFile({
      db,
      viewer: await sessionViewerOf(request, db, getAuthSecret()),
      loaders: createLoaders(db),
      brandId: locals.brand.id,
      input: { id: params.id },
    });
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.data), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response('Not found', { status: 404 });
    throw error;
  }
};
