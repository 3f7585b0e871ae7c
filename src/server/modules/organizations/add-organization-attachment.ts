import { count, eq, sum } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../../../brands/index.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizationAttachments, organizations, type OrganizationAttachment } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, type ErrorMessage } from '../../errors.ts';
import type { OrganizationLoaders } from './loaders.ts';
import { checkUpload, cleanFileName, isUploadedFile, type UploadedFile } from '../../storage/checked-upload.ts';
import { extensionOf } from '../../storage/detect-file-type.ts';
import { FileTooLargeError, removeFile, storeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { getOrganizationAccess } from './get-organization-access.ts';

// The upload basics live with the storage (one helper for every upload); re-exported for existing importers.
export { cleanFileName, isUploadedFile, type UploadedFile } from '../../storage/checked-upload.ts';

const inputSchema = z.object({
  organizationId: z.number().int().positive({ error: 'organizationId must be a positive organization id' }),
  file: z.custom<UploadedFile>(isUploadedFile, {
    error: 'file must be a file sent as a multipart request (GraphQL multipart request spec)',
  }),
});

/** SPEC section 5 (brands/constants.ts `attachments`). */
export interface AttachmentLimits {
  extensions: readonly string[];
  maxBytes: number;
}

/** What one organization may keep in attachments altogether. */
export interface AttachmentQuota {
  maxFiles: number;
  maxTotalBytes: number;
}

export const attachmentQuota: AttachmentQuota = { maxFiles: 100, maxTotalBytes: 500 * 1024 * 1024 };

const fileRefused = (message: ErrorMessage) =>
  new AppError('BAD_USER_INPUT', message, { fieldErrors: { file: message.key } });

/** Only people who proved their address may put files on the site (SPEC 6; auth README: verification). */
async function requireVerifiedEmail(db: Database, userId: number, locale: Locale): Promise<void> {
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user?.verifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', { key: 'attachment.error.emailNotVerified', locale });
}

/** Refuses a file of `size` bytes that the organization's attachments would no longer fit in. */
async function requireQuota(options: {
  db: Pick<Database, 'select'>;
  organizationId: number;
  size: number;
  quota: AttachmentQuota;
  locale: Locale;
}): Promise<void> {
  const { db, organizationId, size, quota, locale } = options;
  const [usage] = await db
    .select({ files: count(), bytes: sum(organizationAttachments.sizeBytes).mapWith(Number) })
    .from(organizationAttachments)
    .where(eq(organizationAttachments.organizationId, organizationId));
  const files = usage?.files ?? 0;
  const bytes = usage?.bytes ?? 0;
  if (files + 1 > quota.maxFiles) {
    const message = { key: 'attachment.error.tooManyFiles', params: { max: quota.maxFiles }, locale } as const;
    throw new AppError('QUOTA_EXCEEDED', message, {
      maxFiles: quota.maxFiles,
    });
  }
  if (bytes + size > quota.maxTotalBytes) {
    const message: ErrorMessage = {
      key: 'attachment.error.quotaExceeded',
      params: { max: formatFileSize(quota.maxTotalBytes, locale), used: formatFileSize(bytes, locale) },
      locale,
    };
    throw new AppError('QUOTA_EXCEEDED', message, { maxTotalBytes: quota.maxTotalBytes, usedBytes: bytes });
  }
}

/**
 * Adds a file (PDF or image) to an organization's page: owner or staff only, with a confirmed e-mail
 * address. The file is accepted only when its extension is allowed, its first bytes prove the same type,
 * it is within the size limit and the organization's attachments stay within their quota. It is
 * streamed to storage under a generated key, counted as it is written and refused as soon as it passes
 * the limit; the row is written in a transaction that locks the organization (so two uploads cannot both
 * take the last of the quota), and when the row cannot be written the stored file is removed again.
 */
export async function addOrganizationAttachment(options: {
  db: Database;
  viewer: Viewer;
  loaders: Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;
  input: unknown;
  limits: AttachmentLimits;
  /** Language of the messages (the request's). */
  locale: Locale;
  quota?: AttachmentQuota;
  /** Upload directory; UPLOAD_DIR when unset. */
  storageDirectory?: string;
}): Promise<OrganizationAttachment> {
  const { db, viewer, loaders, limits, locale } = options;
  const quota = options.quota ?? attachmentQuota;
  const { organizationId, file } = parseInput(inputSchema, options.input);
  requireSignedIn(viewer);

  const organization = await loaders.organization.load(organizationId);
  const notFound = () =>
    new AppError('NOT_FOUND', { key: 'error.organizationNotFound', params: { id: organizationId }, locale });
  if (!organization) throw notFound();
  const access = await getOrganizationAccess({ viewer, loaders, organization });
  if (!access.canAct) throw new AppError('FORBIDDEN', { key: 'attachment.error.ownerOnly', locale });
  await requireVerifiedEmail(db, viewer.userId, locale);

  const tooLarge = () =>
    fileRefused({
      key: 'attachment.error.tooLarge',
      params: { size: formatFileSize(limits.maxBytes, locale) },
      locale,
    });
  const allowed = limits.extensions.map((candidate) => candidate.toLowerCase());
  const checked = await checkUpload(file, {
    extensions: allowed,
    maxBytes: limits.maxBytes,
    refuse: (problem) => {
      switch (problem) {
        case 'type':
          return fileRefused({ key: 'attachment.error.typeNotAllowed', params: { types: allowed.join(', ') }, locale });
        case 'empty':
          return fileRefused({ key: 'attachment.error.empty', locale });
        case 'tooLarge':
          return tooLarge();
        case 'content': {
          const type = extensionOf(cleanFileName(file.name)).toUpperCase();
          return fileRefused({ key: 'attachment.error.invalidContent', params: { type }, locale });
        }
      }
    },
  });
  const { fileName, type } = checked;
  try {
    // Checked again under the lock below; this spares writing a file that cannot be kept.
    await requireQuota({ db, organizationId, size: file.size, quota, locale });
  } catch (error) {
    await checked.stream.cancel();
    throw error;
  }
  let stored: { key: string; size: number };
  try {
    stored = await storeFile({
      data: checked.stream,
      maxBytes: limits.maxBytes,
      extension: type.extension,
      directory: options.storageDirectory,
    });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge();
    throw error;
  }
  const { key, size } = stored;
  try {
    return await db.transaction(async (tx) => {
      // The lock keeps the organization from being deleted, and other uploads to it from counting the
      // quota, between these checks and the insert.
      const [locked] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      if (!locked) throw notFound();
      await requireQuota({ db: tx, organizationId, size, quota, locale });
      const [row] = await tx
        .insert(organizationAttachments)
        .values({ organizationId, fileName, mimeType: type.mimeType, sizeBytes: size, storageKey: key })
        .returning();
      if (!row) throw new Error('Inserting the attachment returned no row.');
      return row;
    });
  } catch (error) {
    await removeFile({ key, directory: options.storageDirectory });
    throw error;
  }
}
