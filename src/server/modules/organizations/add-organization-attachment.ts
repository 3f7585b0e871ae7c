import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizationAttachments, organizations, type OrganizationAttachment } from '../../db/schema/organizations.ts';
import { AppError } from '../../errors.ts';
import type { Loaders } from '../../graphql/loaders.ts';
import { detectFileType, extensionOf } from '../../storage/detect-file-type.ts';
import { removeFile, storeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { getOrganizationAccess } from './get-organization-access.ts';

/** An uploaded file as graphql-yoga hands it over (the File of the Fetch API). */
export interface UploadedFile {
  name: string;
  size: number;
  type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<Record<keyof UploadedFile, unknown>>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.arrayBuffer === 'function';
}

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

const fileRefused = (message: string) => new AppError('BAD_USER_INPUT', message, { fieldErrors: { file: [message] } });

/** 52428800 → "50 MB", 1024 → "1 KB". */
function formatSize(bytes: number): string {
  const [divisor, unit] = bytes >= 1024 * 1024 ? [1024 * 1024, 'MB'] : bytes >= 1024 ? [1024, 'KB'] : [1, 'bytes'];
  return `${Number((bytes / divisor).toFixed(2))} ${unit}`;
}

/** The uploaded name without any path, control characters or excess length; shown to visitors as is. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned.length <= 200) return cleaned;
  const extension = extensionOf(cleaned);
  return `${cleaned.slice(0, 190)}${extension ? `.${extension}` : ''}`;
}

/**
 * Adds a file (PDF or image) to an organization's page: owner or staff only. The file is accepted only
 * when its extension is allowed, its first bytes prove the same type and it is within the size limit.
 * It is stored under a generated key; the row is written in a transaction that also locks the
 * organization, and when the row cannot be written the stored file is removed again.
 */
export async function addOrganizationAttachment(options: {
  db: Database;
  viewer: Viewer;
  loaders: Loaders;
  input: unknown;
  limits: AttachmentLimits;
  /** Upload directory; UPLOAD_DIR when unset. */
  storageDirectory?: string;
}): Promise<OrganizationAttachment> {
  const { db, viewer, loaders, limits } = options;
  const { organizationId, file } = parseInput(inputSchema, options.input);
  requireSignedIn(viewer);

  const organization = await loaders.organization.load(organizationId);
  if (!organization) throw new AppError('NOT_FOUND', `There is no organization ${organizationId}.`);
  const access = await getOrganizationAccess({ viewer, loaders, organization });
  if (!access.canAct) throw new AppError('FORBIDDEN', 'Only the owner of the organization can add attachments.');

  const fileName = cleanFileName(file.name);
  const extension = extensionOf(fileName);
  const allowed = limits.extensions.map((candidate) => candidate.toLowerCase());
  if (!allowed.includes(extension)) {
    throw fileRefused(`Files of this type cannot be uploaded. Allowed types: ${allowed.join(', ')}.`);
  }
  if (file.size === 0) throw fileRefused('The file is empty.');
  if (file.size > limits.maxBytes) {
    throw fileRefused(`The file is larger than the maximum of ${formatSize(limits.maxBytes)}.`);
  }
  const data = new Uint8Array(await file.arrayBuffer());
  if (data.byteLength > limits.maxBytes) {
    throw fileRefused(`The file is larger than the maximum of ${formatSize(limits.maxBytes)}.`);
  }
  const type = detectFileType(data);
  if (!type || !type.acceptedExtensions.includes(extension)) {
    throw fileRefused(`The content of the file is not a valid ${extension.toUpperCase()} file.`);
  }

  const { key } = await storeFile({ data, extension: type.extension, directory: options.storageDirectory });
  try {
    return await db.transaction(async (tx) => {
      // The lock keeps the organization from being deleted between this check and the insert.
      const [locked] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      if (!locked) throw new AppError('NOT_FOUND', `There is no organization ${organizationId}.`);
      const [row] = await tx
        .insert(organizationAttachments)
        .values({
          organizationId,
          fileName,
          mimeType: type.mimeType,
          sizeBytes: data.byteLength,
          storageKey: key,
        })
        .returning();
      if (!row) throw new Error('Inserting the attachment returned no row.');
      return row;
    });
  } catch (error) {
    await removeFile({ key, directory: options.storageDirectory });
    throw error;
  }
}
