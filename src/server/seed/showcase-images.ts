/**
 * Raster pictures for the demo data's showcase organization (issue 15's budget: the profile page measured
 * with a cover and a gallery of 12 images). The other demo organizations have SVG placeholders; this one
 * gets camera-like JPEGs made here with sharp (the placeholder's colours with grain, so they compress as
 * photos do, not as flat shapes), re-encoded by the upload's own renderOrganizationImage and stored as
 * uploads are, so the page serves them as it serves uploads: WebP in the pages' sizes, with their dimensions.
 */
import sharp from 'sharp';
import { placeholderSvg } from '../../lib/monogram.ts';
import { organizationImageStyles } from '../../lib/organizations/profile-sections.ts';
import { organizationImagePrefix } from '../modules/organizations/organization-image-keys.ts';
import { renderOrganizationImage } from '../modules/organizations/render-organization-image.ts';
import type { OrganizationImage } from '../modules/organizations/upload-organization-image.ts';
import { storeFile } from '../storage/file-storage.ts';
import type { OrganizationDraft } from './generate-organizations.ts';

/** The demo recruiter's organization (tagblatt, featured, published, with a full page). */
export const showcaseOrganizationIndex = 0;
export const showcaseGallerySize = 12;

export interface ShowcaseImages {
  cover: OrganizationImage;
  gallery: (OrganizationImage & { alt: string; title: string })[];
}

/** The grain of a photo (making it is the slow part, so it is made once per size). */
function grain(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Makes a JPEG as a camera would deliver it (larger than the page's size, with the grain of a photo), puts it
 * through the upload's re-encoding and stores the result in `directory`.
 */
async function storedPicture(
  name: string,
  kind: 'cover' | 'gallery',
  source: { width: number; height: number; grain: Buffer },
  variant: number,
  directory: string,
): Promise<OrganizationImage> {
  const photo = await sharp(Buffer.from(placeholderSvg(name, source.width, source.height, variant)))
    .composite([{ input: source.grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  const rendered = await renderOrganizationImage(photo, kind);
  if (!rendered) throw new Error('sharp could not re-encode a generated demo picture');
  const { key } = await storeFile({ data: new Uint8Array(rendered), extension: 'webp', directory });
  return { url: `${organizationImagePrefix}${key}`, ...organizationImageStyles[kind] };
}

/**
 * Makes and stores the showcase organization's cover and 12 gallery pictures in `directory` (the upload
 * directory). Files of a seed that is rolled back afterwards stay behind unreferenced, as with uploads
 * whose request fails late; they are about 1.3 MB.
 */
export async function createShowcaseImages(draft: OrganizationDraft, directory: string): Promise<ShowcaseImages> {
  const coverSource = { width: 1600, height: 800, grain: await grain(1600, 800) };
  const cover = await storedPicture(draft.name, 'cover', coverSource, 0, directory);
  const gallerySource = { width: 1200, height: 900, grain: await grain(1200, 900) };
  const captions = draft.page?.gallery.length ? draft.page.gallery : [{ alt: draft.name, title: draft.name }];
  const gallery: ShowcaseImages['gallery'] = [];
  for (let index = 0; index < showcaseGallerySize; index += 1) {
    const caption = captions[index % captions.length] ?? { alt: draft.name, title: draft.name };
    const image = await storedPicture(draft.name, 'gallery', gallerySource, index + 1, directory);
    gallery.push({ ...image, alt: caption.alt, title: `${caption.title.replace(/ \d+$/, '')} ${index + 1}` });
  }
  return { cover, gallery };
}
