import sharp from 'sharp';
import { z } from 'zod';
import type { Locale } from '../../../../brands/types.ts';
import { blogImageSize, blogLimits } from '../../../lib/blog/blog-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { detectFileType, fileTypeHeaderLength } from '../../storage/detect-file-type.ts';
import { storeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal, requireStaff } from '../job-posting/job-access.ts';
import { isUploadedFile, type UploadedFile } from '../organizations/add-organization-attachment.ts';

const uploadSchema = z.object({
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'blog.error.imageRequired' }),
});

/** Where a stored blog image is served (src/pages/media/blog/[key].ts). */
export const blogImagePath = (key: string) => `/media/blog/${key}`;

/**
 * uploadBlogImage (issue 19): staff upload a JPEG, PNG or WebP (proved by its first bytes, at most 10 MB);
 * it is decoded and re-encoded by sharp as a WebP of exactly 1000×500 (SPEC 9 teaser ratio, cropped to the
 * middle), so no uploaded byte (metadata, payloads) is ever served. Returns the image's site path.
 */
export async function uploadBlogImage(options: {
  viewer: Viewer;
  locale: Locale;
  input: unknown;
  storageDirectory?: string;
}): Promise<{ url: string; width: number; height: number }> {
  const { viewer, locale } = options;
  requireStaff(viewer, locale);
  const { file } = parseInput(uploadSchema, options.input, { locale });
  if (file.size > blogLimits.imageBytes) throw fieldRefusal('file', 'blog.error.imageTooLarge', locale);
  const bytes = new Uint8Array(await new Response(file.stream()).arrayBuffer());
  if (bytes.byteLength > blogLimits.imageBytes) throw fieldRefusal('file', 'blog.error.imageTooLarge', locale);
  const type = detectFileType(bytes.subarray(0, fileTypeHeaderLength));
  if (!type || type.extension === 'pdf') throw fieldRefusal('file', 'blog.error.imageType', locale);
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(blogImageSize.width, blogImageSize.height, { fit: 'cover', position: 'centre' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw fieldRefusal('file', 'blog.error.imageType', locale);
  }
  const stored = await storeFile({
    data: new Uint8Array(encoded),
    extension: 'webp',
    directory: options.storageDirectory,
  });
  return { url: blogImagePath(stored.key), ...blogImageSize };
}
