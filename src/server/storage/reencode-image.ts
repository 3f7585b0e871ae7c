/**
 * The one way an uploaded image is made servable (blog images, organization images): its pixels are decoded
 * and re-encoded by sharp as a WebP of exactly the size the pages show, so nothing of the uploaded file but
 * its pixels reaches visitors (no metadata, no scripts, no polyglot). The upload itself is read and checked
 * first by readCheckedUpload (checked-upload.ts) with `imageUploadExtensions`.
 */
import sharp from 'sharp';

/** Upload names an image may carry; the first bytes must prove the type (detect-file-type.ts). */
export const imageUploadExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const;

/** Larger images are refused before they are decoded (a "decompression bomb" stays a small file). */
const maxInputPixels = 40_000_000;

export interface ImageRendition {
  width: number;
  height: number;
  /**
   * cover: fills the size, cropped around `position` (the middle, or sharp's most "interesting" part);
   * contain: the whole image inside the size on a transparent background (logos).
   */
  fit: 'cover' | 'contain';
  position?: 'centre' | 'attention';
}

/**
 * Decodes `bytes` (turned upright by their orientation tag) and re-encodes them as a WebP of the rendition's
 * size. Null when they are no decodable image or have more than 40 megapixels.
 */
export async function reencodeImage(bytes: Uint8Array, rendition: ImageRendition): Promise<Buffer | null> {
  const { width, height, fit, position = 'centre' } = rendition;
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize(
        width,
        height,
        fit === 'contain'
          ? { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } }
          : { fit: 'cover', position },
      )
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * A stored image (already re-encoded) `width` pixels wide with its proportions, as a WebP; null when it is
 * not wider than that (no enlargements) or not decodable.
 */
export async function narrowerImage(bytes: Uint8Array, width: number): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
    const { width: own } = await image.metadata();
    if (own === undefined || own <= width) return null;
    return await image.resize({ width }).webp({ quality: 82, effort: 4 }).toBuffer();
  } catch {
    return null;
  }
}
