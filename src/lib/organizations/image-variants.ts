/**
 * Smaller sizes of an uploaded organization image (issue 15: pages load pictures in the size they show
 * them). An image stored as /media/images/{key}.webp is also served as /media/images/{key}-{width}.webp for
 * the widths below its own: made from it once on first request and kept (server: media/images endpoint).
 * Pages offer them by `srcset`, so a phone loads a cover or gallery picture about its own width.
 */

/** The widths offered: few, so that an image has at most four sizes on disk. */
export const imageVariantWidths = [320, 480, 640, 800] as const;
export type ImageVariantWidth = (typeof imageVariantWidths)[number];

const uploadedImage = /^\/media\/images\/([0-9a-f]{32})\.webp$/;

/** The `srcset` of an uploaded image `width` pixels wide; undefined for other URLs (generated pictures). */
export function imageSrcset(url: string, width: number): string | undefined {
  const key = uploadedImage.exec(url)?.[1];
  if (!key) return undefined;
  const smaller = imageVariantWidths.filter((variant) => variant < width);
  return [...smaller.map((variant) => `/media/images/${key}-${variant}.webp ${variant}w`), `${url} ${width}w`].join(
    ', ',
  );
}
