import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import { findViewerOrganizations } from './find-viewer-organizations.ts';
import { isOrganizationOfBrand } from './organization-visibility.ts';

/**
 * SPEC sections 3 and 6: the organization profiles of the request's brand the viewer may edit (the access
 * policy's canEditProfile: owner or member), the one matching their active organization first (the client
 * selects the first).
 */
export async function listUpdatableOrganizationProfiles(options: {
  db: Database;
  viewer: Viewer;
  brandId: string;
}): Promise<Organization[]> {
  const { db, viewer, brandId } = options;
  requireSignedIn(viewer);
  const mine = await findViewerOrganizations({ db, viewer });
  return mine.belongsTo.filter(
    (organization) => isOrganizationOfBrand(organization, brandId) && mine.accessTo(organization).canEditProfile,
  );
}
