import { getAuthSecret } from '../auth/secret.ts';
import { getConfig } from '../config.ts';
import { clientKeyOf, enforceRequestRate } from '../limits/request-rate.ts';
import type { Viewer } from '../auth/viewer.ts';
import { getDatabase, type Database } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { sessionViewerOf } from './context.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** A stored file a download route may hand out. */
export interface DownloadableFile {
  data: Uint8Array;
  mimeType: string;
  fileName: string;
  /** inline: shown in the browser (a PDF job ad); attachment: saved. */
  disposition: 'inline' | 'attachment';
}

/**
 * The response of a file download route (decisions 0004 and 0013: bytes GraphQL cannot carry): the
 * visitor is the one of the session cookie, with the same token checks as GraphQL; `read` decides
 * whether they may have the file. Unknown, hidden and malformed ids all answer 404, so a file's existence
 * is not revealed; each client address gets RATE_LIMIT_DOWNLOADS_PER_MINUTE downloads a minute (429 beyond).
 * Files live outside public/ under generated names; routes like this are the only way.
 */
export async function fileDownloadResponse(
  request: Request,
  clientAddress: string | null,
  read: (context: { db: Database; viewer: Viewer; loaders: Loaders }) => Promise<DownloadableFile | null>,
): Promise<Response> {
  const { db } = await getDatabase();
  const limited = await enforceRequestRate(
    request,
    [
      {
        key: `download:ip:${clientKeyOf(clientAddress)}`,
        max: getConfig().RATE_LIMIT_DOWNLOADS_PER_MINUTE,
        windowSeconds: 60,
      },
    ],
    () => Promise.resolve(db),
  );
  if (limited) return limited;
  try {
    const file = await read({
      db,
      viewer: await sessionViewerOf(request, db, getAuthSecret()),
      loaders: createLoaders(db),
    });
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.data), {
      headers: {
        'Content-Type': file.mimeType,
        'Content-Disposition': `${file.disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        // A PDF shown inline runs no script and reaches nothing of the site's.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response('Not found', { status: 404 });
    throw error;
  }
}
