import { z } from 'zod';
import type { Locale } from '../../../../brands/types.ts';
import { blogImageSize, blogLimits } from '../../../lib/blog/blog-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { requireUploadRate } from '../../limits/request-rate.ts';
import { isUploadedFile, readCheckedUpload, type UploadedFile } from '../../storage/checked-upload.ts';
import { storeFile } from '../../storage/file-storage.ts';
import { imageUploadExtensions, reencodeImage } from '../../storage/reencode-image.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal, requireStaff } from '../job-posting/job-access.ts';

const uploadSchema = z.object({
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'blog.error.imageRequired' }),
});

/** Where a stored blog image is served (src/pages/media/blog/[key].ts). */
export const blogImagePath = (key: string) => `/media/blog/${key}`;

/**
 * uploadBlogImage (issue 19): staff upload a JPEG, PNG or WebP (proved by its first bytes, at most 10 MB,
 * RATE_LIMIT_UPLOADS_PER_HOUR per user); it is decoded and re-encoded as a WebP of exactly 1000×500 (SPEC 9
 * teaser ratio, cropped to the middle), so no uploaded byte (metadata, payloads) is ever served. Returns the
 * image's site path.
 */
export async function uploadBlogImage(options: {
  db: Database;
  viewer: Viewer;
  locale: Locale;
  input: unknown;
  storageDirectory?: string;
}): Promise<{ url: string; width: number; height: number }> {
  const { db, viewer, locale } = options;
  requireStaff(viewer, locale);
  const { file } = parseInput(uploadSchema, options.input, { locale });
  await requireUploadRate(db, { kind: 'blog-image', userId: viewer.userId, locale });
  const { bytes } = await readCheckedUpload(file, {
    extensions: imageUploadExtensions,
    maxBytes: blogLimits.imageBytes,
    refuse: (problem) =>
      fieldRefusal('file', problem === 'tooLarge' ? 'blog.error.imageTooLarge' : 'blog.error.imageType', locale),
  });
  const encoded = await reencodeImage(bytes, { ...blogImageSize, fit: 'cover', position: 'centre' });
  if (!encoded) throw fieldRefusal('file', 'blog.error.imageType', locale);
  const stored = await storeFile({
    data: new Uint8Array(encoded),
    extension: 'webp',
    directory: options.storageDirectory,
  });
  return { url: blogImagePath(stored.key), ...blogImageSize };
}
