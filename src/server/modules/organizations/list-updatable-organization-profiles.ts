import { eq } from 'drizzle-orm';
import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { activeFirst, findViewerOrganizations } from './find-viewer-organizations.ts';

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
  const [user] = await db
    .select({ activeOrganizationId: users.activeOrganizationId })
    .from(users)
    .where(eq(users.id, viewer.userId));
  const list = await findViewerOrganizations({ db, userId: viewer.userId });
  return activeFirst(list, user?.activeOrganizationId ?? null);
}
