import type { APIRoute } from 'astro';
import { immutableCacheControl } from '../../../server/http/cache-control';
import { readFile } from '../../../server/storage/file-storage';
import { readImageOfWidth } from '../../../server/storage/image-sizes';

/**
 * GET /media/images/{key}.webp: an image of an organization's profile (logo, cover, gallery picture, contact
 * photo), as uploadOrganizationImage re-encoded and stored it; GET /media/images/{key}-{width}.webp: the same
 * image narrower, for `srcset` (image-variants.ts), made from it on first request and kept beside it. The
 * key is random and new for every upload, so the bytes behind a URL never change: cached for good. Anything
 * else is not found (a width not offered, or not below the image's own).
 */
export const GET: APIRoute = async ({ params }) => {
  const match = /^([0-9a-f]{32})(?:-(\d{3}))?$/.exec(params.key ?? '');
  if (!match) return notFound();
  const [, hex = '', widthText] = match;
  const data =
    widthText === undefined ? await readFile({ key: `${hex}.webp` }) : await readImageOfWidth(hex, Number(widthText));
  if (!data) return notFound();
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': 'image/webp',
      'Cache-Control': immutableCacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
};

function notFound(): Response {
  return new Response('Not found', { status: 404 });
}
