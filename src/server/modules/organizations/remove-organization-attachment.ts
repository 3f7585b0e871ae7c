import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizationAttachments } from '../../db/schema/organizations.ts';
import { AppError } from '../../errors.ts';
import { removeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { requireEditableOrganization, type ProfileEditOptions } from './edit-organization-profile.ts';

const inputSchema = z.object({
  organizationId: z.number().int().positive({ error: 'organizationId must be a positive organization id' }),
  id: z.number().int().positive({ error: 'id must be a positive attachment id' }),
});

/**
 * removeOrganizationAttachment: takes a file off the organization's page, as addOrganizationAttachment put
 * it there: owner or staff only. The row goes first, the file after it: a failed file removal leaves an
 * unreferenced file behind, never a listed attachment whose download is broken.
 */
export async function removeOrganizationAttachment(
  options: ProfileEditOptions & { storageDirectory?: string },
): Promise<boolean> {
  const { db, locale } = options;
  const { organizationId, id } = parseInput(inputSchema, options.input, { locale });
  const { access } = await requireEditableOrganization({ ...options, organizationId });
  if (!access.canAct) throw new AppError('FORBIDDEN', { key: 'attachment.error.ownerOnly', locale });
  const [removed] = await db
    .delete(organizationAttachments)
    .where(and(eq(organizationAttachments.id, id), eq(organizationAttachments.organizationId, organizationId)))
    .returning({ storageKey: organizationAttachments.storageKey });
  if (!removed) throw new AppError('NOT_FOUND', { key: 'attachment.error.notFound', locale });
  await removeFile({
    key: removed.storageKey,
    ...(options.storageDirectory === undefined ? {} : { directory: options.storageDirectory }),
  });
  return true;
}
