import { asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { organizationMembers, users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';

export interface ViewerOrganization {
  id: number;
  name: string;
}

const forbidden = () => new AppError('FORBIDDEN', 'You can only see the products of your own organization.');

/**
 * The organization whose credits and subscriptions the viewer asks for. A named organization must be one
 * the viewer owns or is a member of (staff may name any). Without one: the viewer's active organization,
 * else the first they belong to (owned first); null when they belong to none.
 */
export async function resolveViewerOrganization(options: {
  db: Database;
  viewer: Viewer & { userId: number };
  organizationId: number | null | undefined;
}): Promise<ViewerOrganization | null> {
  const { db, viewer, organizationId } = options;
  const staff = isStaff(viewer);
  const membership = db
    .select({ organizationId: organizationMembers.organizationId, isOwner: organizationMembers.isOwner })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, viewer.userId))
    .as('membership');
  const belongs = or(isNotNull(membership.organizationId), eq(organizations.ownerUserId, viewer.userId));

  if (organizationId != null) {
    const [organization] = await db
      .select({ id: organizations.id, name: organizations.name, belongs: sql<boolean>`${belongs}` })
      .from(organizations)
      .leftJoin(membership, eq(membership.organizationId, organizations.id))
      .where(eq(organizations.id, organizationId));
    if (!organization) {
      // Only staff learn whether an organization they cannot see exists.
      if (staff) throw new AppError('NOT_FOUND', `There is no organization with id ${organizationId}.`);
      throw forbidden();
    }
    if (!staff && !organization.belongs) throw forbidden();
    return { id: organization.id, name: organization.name };
  }

  const activeOrganizationId = db
    .select({ id: users.activeOrganizationId })
    .from(users)
    .where(eq(users.id, viewer.userId));
  const isActive = sql`${organizations.id} = ${activeOrganizationId}`;
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .leftJoin(membership, eq(membership.organizationId, organizations.id))
    // Staff may have any organization active; others only one they (still) belong to.
    .where(staff ? or(belongs, isActive) : belongs)
    .orderBy(
      desc(sql`coalesce(${isActive}, false)`),
      desc(sql`coalesce(${membership.isOwner}, ${eq(organizations.ownerUserId, viewer.userId)}, false)`),
      asc(organizations.id),
    )
    .limit(1);
  return organization ?? null;
}
