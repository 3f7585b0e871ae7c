/** Where uploaded organization images are served; the rest of the path is the storage key. */
export const organizationImagePrefix = '/media/images/';

/** The storage key of an uploaded organization image's URL, or null for any other URL (generated pictures). */
export function storageKeyOfImageUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(organizationImagePrefix)) return null;
  const key = url.slice(organizationImagePrefix.length).split('?')[0] ?? '';
  return /^[0-9a-f]{32}\.webp$/.test(key) ? key : null;
}
