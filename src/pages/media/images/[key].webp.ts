import type { APIRoute } from 'astro';
import { immutableCacheControl } from '../../../server/http/cache-control';
import { readFile } from '../../../server/storage/file-storage';

/**
 * GET /media/images/{key}.webp: an image of an organization's profile (logo, cover, gallery picture, contact
 * photo), as uploadOrganizationImage re-encoded and stored it. The key is random and new for every upload,
 * so the bytes behind a URL never change: cached for good. Anything else is not found.
 */
export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  if (!/^[0-9a-f]{32}$/.test(key)) return new Response('Not found', { status: 404 });
  const data = await readFile({ key: `${key}.webp` });
  if (!data) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': 'image/webp',
      'Cache-Control': immutableCacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
};
