/**
 * The smaller sizes of a stored image (src/lib/organizations/image-variants.ts): each made from the stored
 * image on first request and kept beside it under "<hex>.w<width>", so an image has at most one file per
 * offered width. Removing an image removes them too (removeOrganizationImage).
 */
import { imageVariantWidths, type ImageVariantWidth } from '../../lib/organizations/image-variants.ts';
import { readFile, storeDerivedFile } from './file-storage.ts';
import { narrowerImage } from './reencode-image.ts';

/** The storage key of an image's smaller size: "<hex>.w480". */
export function variantStorageKey(hex: string, width: ImageVariantWidth): string {
  return `${hex}.w${width}`;
}

function isVariantWidth(width: number): width is ImageVariantWidth {
  return (imageVariantWidths as readonly number[]).includes(width);
}

/**
 * The stored image "<hex>.webp" `width` pixels wide: kept from an earlier request, else made now and kept.
 * Null for a width not offered, not below the image's own, or an image that is not stored.
 */
export async function readImageOfWidth(hex: string, width: number, directory?: string): Promise<Uint8Array | null> {
  if (!isVariantWidth(width)) return null;
  const at = directory === undefined ? {} : { directory };
  const key = variantStorageKey(hex, width);
  const stored = await readFile({ key, ...at });
  if (stored) return stored;
  const original = await readFile({ key: `${hex}.webp`, ...at });
  const made = original && (await narrowerImage(original, width));
  if (!made) return null;
  // Two first requests at once both make it; the second write replaces the first with the same bytes.
  await storeDerivedFile({ key, data: new Uint8Array(made), ...at });
  return made;
}
