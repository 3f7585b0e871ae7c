/**
 * Uploaded organization images in the sizes pages show them (issue 15): the profile offers each uploaded
 * cover and gallery picture by `srcset` in the widths below its own, the server makes each width once from
 * the stored image and keeps it, and removing an image removes its sizes too. On the built server with the
 * demo data, whose showcase organization (tagblatt) has an uploaded cover and gallery.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcset } from '../../src/lib/organizations/image-variants';
import { removeOrganizationImage } from '../../src/server/modules/organizations/organization-image-keys';
import { variantStorageKey } from '../../src/server/storage/image-sizes';
import { storeDerivedFile, storeFile } from '../../src/server/storage/file-storage';
import { get, startServer, type RunningServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ FRONTEND: 'tagblatt' });
});
afterAll(async () => {
  await server?.stop();
});

/** The srcset candidates of the page's images whose src is an uploaded image: [url, width] per candidate. */
function srcsetsOf(html: string): { src: string; candidates: [string, number][] }[] {
  return [...html.matchAll(/<img [^>]*src="(\/media\/images\/[0-9a-f]{32}\.webp)"[^>]*srcset="([^"]+)"/g)].map(
    (match) => ({
      src: match[1]!,
      candidates: match[2]!.split(', ').map((candidate) => {
        const [url, width] = candidate.split(' ');
        return [url!, Number(width!.replace('w', ''))];
      }),
    }),
  );
}

describe('organization images in the sizes pages show them', () => {
  it('offers the cover and gallery pictures in smaller widths, each made once and served for good', async () => {
    const listing = await (await get(`${server.url}/organizations`)).text();
    const profiles = [
      ...new Set(
        [...listing.matchAll(/href="(\/(?:organization|arbeitgeber|employer)\/[^"?#/]+)"/g)].map((match) => match[1]!),
      ),
    ];
    let images: ReturnType<typeof srcsetsOf> = [];
    for (const path of profiles) {
      images = srcsetsOf(await (await get(`${server.url}${path}`)).text());
      if (images.length > 0) break;
    }
    // The showcase organization: its cover (1000 wide) and twelve gallery pictures (800 wide).
    expect(images).toHaveLength(13);
    expect(images[0]!.candidates.map(([, width]) => width)).toEqual([320, 480, 640, 800, 1000]);
    expect(images[1]!.candidates.map(([, width]) => width)).toEqual([320, 480, 640, 800]);

    for (const [url, width] of images[0]!.candidates) {
      const response = await get(`${server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await response.arrayBuffer());
      const { width: actual, height, format } = await sharp(bytes).metadata();
      expect(format).toBe('webp');
      expect(actual).toBe(width);
      // The cover's proportions (2:1) are kept.
      expect(height).toBe(width / 2);
      // Made once: the same bytes again.
      expect(Buffer.from(await (await get(`${server.url}${url}`)).arrayBuffer()).equals(bytes)).toBe(true);
    }

    const gallery = images[1]!.src.replace('.webp', '');
    // No width that is not offered, none as wide as the picture itself, nothing for unknown keys.
    for (const path of [
      `${gallery}-800.webp`,
      `${gallery}-500.webp`,
      `${gallery}-3200.webp`,
      `/media/images/${'0'.repeat(32)}-320.webp`,
    ]) {
      expect((await get(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  it('lists the widths below an image’s own for uploaded images only', () => {
    const url = `/media/images/${'a'.repeat(32)}.webp`;
    expect(imageSrcset(url, 500)).toBe(
      `/media/images/${'a'.repeat(32)}-320.webp 320w, /media/images/${'a'.repeat(32)}-480.webp 480w, ${url} 500w`,
    );
    expect(imageSrcset('/media/gallery/3-1.svg', 800)).toBeUndefined();
  });

  it('removes an image’s smaller sizes with it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'jobboard-image-sizes-'));
    try {
      const { key } = await storeFile({ data: new Uint8Array([1, 2, 3]), extension: 'webp', directory });
      const hex = key.slice(0, 32);
      await storeDerivedFile({ key: variantStorageKey(hex, 320), data: new Uint8Array([4]), directory });
      await storeDerivedFile({ key: variantStorageKey(hex, 640), data: new Uint8Array([5]), directory });
      expect(await readdir(join(directory, hex.slice(0, 2)))).toHaveLength(3);
      await removeOrganizationImage(`/media/images/${key}`, directory);
      expect(await readdir(join(directory, hex.slice(0, 2)))).toEqual([]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
