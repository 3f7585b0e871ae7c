import { eq } from 'drizzle-orm';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizations, organizationColumns } from '../../db/schema/organizations.ts';
import { AppError } from '../../errors.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';

export interface ViewerOrganization {
  id: number;
  name: string;
}

const forbidden = () => new AppError('FORBIDDEN', { key: 'error.ownOrganizationProductsOnly' });

/**
 * The organization whose credits and subscriptions the viewer asks for. A named organization must be one
 * the viewer may select (the access policy: members, and staff any). Without one: the organization the
 * viewer works in (their active one, else the first they belong to); null when they belong to none.
 */
export async function resolveViewerOrganization(options: {
  db: Database;
  viewer: Viewer & { userId: number };
  organizationId: number | null | undefined;
}): Promise<ViewerOrganization | null> {
  const { db, viewer, organizationId } = options;
  const own = await findViewerOrganizations({ db, viewer });
  if (organizationId == null) return own.current && { id: own.current.id, name: own.current.name };

  const organization =
    own.belongsTo.find((candidate) => candidate.id === organizationId) ??
    (await db.select(organizationColumns).from(organizations).where(eq(organizations.id, organizationId)))[0];
  if (!organization) {
    // Only staff learn whether an organization they cannot see exists.
    if (isStaff(viewer)) {
      throw new AppError('NOT_FOUND', { key: 'error.organizationNotFound', params: { id: organizationId } });
    }
    throw forbidden();
  }
  if (!own.accessTo(organization).canSelect) throw forbidden();
  return { id: organization.id, name: organization.name };
}
