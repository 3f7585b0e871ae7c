import type { APIRoute } from 'astro';
import { isStorageKey, readFile } from '../../../server/storage/file-storage';

/**
 * GET /media/blog/{key}.webp: a blog image (issue 19). Public like the posts that show it; every stored
 * image was re-encoded as WebP on upload (upload-blog-image.ts), and its key never changes: immutable.
 */
export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  const bytes = key.endsWith('.webp') && isStorageKey(key) ? await readFile({ key }) : null;
  if (!bytes)
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
