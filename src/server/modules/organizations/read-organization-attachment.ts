import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizationAttachments } from '../../db/schema/organizations.ts';
import type { Loaders } from '../../graphql/loaders.ts';
import { readFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { getOrganizationAccess } from './get-organization-access.ts';

const inputSchema = z.object({ id: z.coerce.number().int().positive({ error: 'id must be a positive number' }) });

export interface AttachmentFile {
  fileName: string;
  mimeType: string;
  data: Uint8Array;
}

/**
 * The stored file of an organization attachment, for the download endpoint: readable by whoever may see
 * the organization's profile (everyone once published). Null when it does not exist or is not visible.
 */
export async function readOrganizationAttachment(options: {
  db: Database;
  viewer: Viewer;
  loaders: Loaders;
  input: unknown;
  storageDirectory?: string;
}): Promise<AttachmentFile | null> {
  const { db, viewer, loaders } = options;
  const { id } = parseInput(inputSchema, options.input);
  const [attachment] = await db.select().from(organizationAttachments).where(eq(organizationAttachments.id, id));
  if (!attachment) return null;
  const organization = await loaders.organization.load(attachment.organizationId);
  if (!organization || !(await getOrganizationAccess({ viewer, loaders, organization })).canView) return null;
  const data = await readFile({ key: attachment.storageKey, directory: options.storageDirectory });
  return data && { fileName: attachment.fileName, mimeType: attachment.mimeType, data };
}
