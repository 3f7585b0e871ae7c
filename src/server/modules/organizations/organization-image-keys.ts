import { imageVariantWidths } from '../../../lib/organizations/image-variants.ts';
import { removeFile } from '../../storage/file-storage.ts';
import { variantStorageKey } from '../../storage/image-sizes.ts';

/** Where uploaded organization images are served; the rest of the path is the storage key. */
export const organizationImagePrefix = '/media/images/';

/** The storage key of an uploaded organization image's URL, or null for any other URL (generated pictures). */
export function storageKeyOfImageUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(organizationImagePrefix)) return null;
  const key = url.slice(organizationImagePrefix.length).split('?')[0] ?? '';
  return /^[0-9a-f]{32}\.webp$/.test(key) ? key : null;
}

/** Removes an uploaded image's file and its smaller sizes; other URLs (generated pictures) have none. */
export async function removeOrganizationImage(url: string | null | undefined, directory?: string): Promise<void> {
  const key = storageKeyOfImageUrl(url);
  if (!key) return;
  const hex = key.slice(0, 32);
  for (const stored of [key, ...imageVariantWidths.map((width) => variantStorageKey(hex, width))]) {
    await removeFile({ key: stored, ...(directory === undefined ? {} : { directory }) });
  }
}
