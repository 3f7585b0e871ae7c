import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizationAttachments } from '../../db/schema/organizations.ts';
import type { OrganizationLoaders } from './loaders.ts';
import { readFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { getOrganizationAccess } from './get-organization-access.ts';
import { isOrganizationOfBrand } from './organization-visibility.ts';

/** PostgreSQL's integer: ids beyond it exist nowhere and would fail the query. */
const maxId = 2_147_483_647;

const inputSchema = z.object({
  id: z.union(
    [
      z.number().int().min(1).max(maxId),
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/)
        .transform(Number)
        .pipe(z.number().max(maxId)),
    ],
    { error: 'id must be a whole number from 1 to 2147483647' },
  ),
});

export interface AttachmentFile {
  fileName: string;
  mimeType: string;
  data: Uint8Array;
}

/**
 * The stored file of an organization attachment, for the download endpoint: readable by whoever may see
 * the organization's profile (everyone once published) on the brand it belongs to (decision 0010). Null when
 * it does not exist or is not visible.
 */
export async function readOrganizationAttachment(options: {
  db: Database;
  viewer: Viewer;
  loaders: Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;
  /** The brand asking: another brand's organizations are not found. */
  brandId: string;
  input: unknown;
  storageDirectory?: string;
}): Promise<AttachmentFile | null> {
  const { db, viewer, loaders } = options;
  const { id } = parseInput(inputSchema, options.input);
  const [attachment] = await db.select().from(organizationAttachments).where(eq(organizationAttachments.id, id));
  if (!attachment) return null;
  const organization = await loaders.organization.load(attachment.organizationId);
  if (!organization || !isOrganizationOfBrand(organization, options.brandId)) return null;
  if (!(await getOrganizationAccess({ viewer, loaders, organization })).canView) return null;
  const data = await readFile({ key: attachment.storageKey, directory: options.storageDirectory });
  return data && { fileName: attachment.fileName, mimeType: attachment.mimeType, data };
}
