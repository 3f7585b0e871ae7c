/**
 * Images of an organization's profile (issue 15): logo, cover, gallery pictures and contact persons' photos.
 * A file is accepted only as JPG, PNG or WebP proven by its first bytes (so no SVG, no disguised file), at
 * most 10 MB and 40 megapixels and RATE_LIMIT_UPLOADS_PER_HOUR per user; it is then re-encoded
 * (src/server/storage/reencode-image.ts) into the one size the pages show it in
 * (src/lib/organizations/profile-sections.ts organizationImageStyles), so nothing of the uploaded file but
 * its pixels reaches visitors. The result is stored under a generated key and served by
 * GET /media/images/{key} for good (the key changes with every upload).
 */
import { count, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import {
  maxOrganizationImageBytes,
  organizationImageKinds,
  organizationImageStyles,
  profileLimits,
  type OrganizationImageKind,
} from '../../../lib/organizations/profile-sections.ts';
import { requireSignedIn } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizationGalleryImages, organizations } from '../../db/schema/organizations.ts';
import { requireUploadRate } from '../../limits/request-rate.ts';
import { isUploadedFile, keepStoredFile, readCheckedUpload, type UploadedFile } from '../../storage/checked-upload.ts';
import { storeFile } from '../../storage/file-storage.ts';
import { imageUploadExtensions } from '../../storage/reencode-image.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { requireEditableOrganization, type ProfileEditOptions } from './edit-organization-profile.ts';
import { organizationImagePrefix, removeOrganizationImage } from './organization-image-keys.ts';
import { renderOrganizationImage } from './render-organization-image.ts';

const inputSchema = z.object({
  organizationId: z.number().int().positive({ error: 'organizationId must be a positive organization id' }),
  kind: z.enum(organizationImageKinds as [OrganizationImageKind, ...OrganizationImageKind[]]),
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'orgEdit.error.fileMissing' }),
});

export interface OrganizationImage {
  url: string;
  width: number;
  height: number;
}

/**
 * uploadOrganizationImage: stores an image of the profile. A logo or cover replaces the current one at once
 * (the former file is removed); a gallery picture is added at the end of the gallery; a contact photo is
 * only stored, and its URL goes into the contact persons section when that is saved.
 */
export async function uploadOrganizationImage(
  options: ProfileEditOptions & { storageDirectory?: string },
): Promise<OrganizationImage> {
  const { db, viewer, locale } = options;
  const directory = options.storageDirectory;
  const { organizationId, kind, file } = parseInput(inputSchema, options.input, { locale });
  const { organization } = await requireEditableOrganization({ ...options, organizationId });
  if (kind === 'gallery') await requireGalleryRoom(db, organizationId, locale);
  requireSignedIn(viewer);
  await requireUploadRate(db, { kind: 'organization-image', userId: viewer.userId, locale });

  const refusalKeys = {
    type: 'orgEdit.error.imageType',
    empty: 'orgEdit.error.imageType',
    tooLarge: 'orgEdit.error.imageTooLarge',
    content: 'orgEdit.error.imageContent',
  } as const;
  const { bytes } = await readCheckedUpload(file, {
    extensions: imageUploadExtensions,
    maxBytes: maxOrganizationImageBytes,
    refuse: (problem) => fieldRefusal('file', refusalKeys[problem], locale),
  });
  const rendered = await renderOrganizationImage(bytes, kind);
  if (!rendered) throw fieldRefusal('file', 'orgEdit.error.imageContent', locale);
  const { key } = await storeFile({ data: new Uint8Array(rendered), extension: 'webp', directory });
  const image: OrganizationImage = { url: `${organizationImagePrefix}${key}`, ...organizationImageStyles[kind] };

  await keepStoredFile({ key, directory }, async () => {
    if (kind === 'logo' || kind === 'cover') {
      await db
        .update(organizations)
        .set(
          kind === 'logo'
            ? { logoUrl: image.url, updatedAt: new Date() }
            : { coverUrl: image.url, updatedAt: new Date() },
        )
        .where(eq(organizations.id, organizationId));
    } else if (kind === 'gallery') {
      await db.transaction(async (tx) => {
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        await requireGalleryRoom(tx, organizationId, locale);
        const [last] = await tx
          .select({ weight: max(organizationGalleryImages.weight) })
          .from(organizationGalleryImages)
          .where(eq(organizationGalleryImages.organizationId, organizationId));
        await tx
          .insert(organizationGalleryImages)
          .values({ organizationId, imageUrl: image.url, weight: (last?.weight ?? -1) + 1 });
      });
    }
  });
  if (kind === 'logo' || kind === 'cover') {
    options.loaders.organization.clear(organizationId);
    await removeOrganizationImage(kind === 'logo' ? organization.logoUrl : organization.coverUrl, directory);
  }
  return image;
}

async function requireGalleryRoom(
  db: Pick<Database, 'select'>,
  organizationId: number,
  locale: ProfileEditOptions['locale'],
): Promise<void> {
  const [usage] = await db
    .select({ images: count() })
    .from(organizationGalleryImages)
    .where(eq(organizationGalleryImages.organizationId, organizationId));
  if ((usage?.images ?? 0) >= profileLimits.gallery) {
    throw fieldRefusal('file', 'orgEdit.error.galleryFull', locale, 'QUOTA_EXCEEDED');
  }
}
