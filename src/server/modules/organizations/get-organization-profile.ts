import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizations, type Organization, organizationColumns } from '../../db/schema/organizations.ts';
import type { OrganizationLoaders } from './loaders.ts';
import { maxRoutePathLength } from '../../../lib/routing/site-paths.ts';
import { parseInput } from '../../validation.ts';
import { normalizeRoutePath } from '../routing/get-route-info.ts';
import { getOrganizationAccess } from './get-organization-access.ts';
import { isOrganizationOfBrand } from './organization-visibility.ts';

const inputSchema = z
  .object({
    id: z.number().int().positive({ error: 'id must be a positive organization id' }).nullish(),
    path: z
      .string()
      .trim()
      .min(1)
      .max(maxRoutePathLength)
      .refine((path) => path.startsWith('/'), { error: 'path must start with /, e.g. /organization/acme' })
      .nullish(),
  })
  .refine((input) => (input.id == null) !== (input.path == null), {
    error: 'pass exactly one of id or path',
  });

/**
 * One organization profile of the request's brand by id or by its path (/organization/<slug>). Published
 * profiles are public; unpublished ones are returned only to their owner, members and staff, and are null
 * for everyone else, exactly as if they did not exist. So is another brand's profile.
 */
export async function getOrganizationProfile(options: {
  db: Database;
  viewer: Viewer;
  loaders: Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;
  brandId: string;
  input: unknown;
}): Promise<Organization | null> {
  const { db, viewer, loaders } = options;
  const { id, path } = parseInput(inputSchema, options.input);
  let organization: Organization | null;
  if (id != null) {
    organization = await loaders.organization.load(id);
  } else {
    const [row] = await db
      .select(organizationColumns)
      .from(organizations)
      .where(eq(organizations.path, normalizeRoutePath(path ?? '/')));
    organization = row ?? null;
    if (organization) loaders.organization.prime(organization.id, organization);
  }
  if (!organization || !isOrganizationOfBrand(organization, options.brandId)) return null;
  const access = await getOrganizationAccess({ viewer, loaders, organization });
  return access.canView ? organization : null;
}
