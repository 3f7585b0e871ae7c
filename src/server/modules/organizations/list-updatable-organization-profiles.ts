import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import { findViewerOrganizations } from './find-viewer-organizations.ts';

/**
 * SPEC sections 3 and 6: the organization profiles the viewer may edit, as owner or member, the one
 * matching their active organization first (the client selects the first).
 */
export async function listUpdatableOrganizationProfiles(options: {
  db: Database;
  viewer: Viewer;
}): Promise<Organization[]> {
  const { db, viewer } = options;
  requireSignedIn(viewer);
  return (await findViewerOrganizations({ db, viewer })).belongsTo;
}
