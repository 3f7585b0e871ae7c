import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { organizationMembers, organizations } from '../../db/schema/users.ts';

/**
 * The organizations a user owns, by id and name: the one read of ownership outside the access policy
 * (account deletion asks it before anything is erased). Ownership is recorded in organizations.owner_user_id
 * and organization_members.is_owner; either counts until the two are unified, then this reads the one left.
 */
export async function ownedOrganizations(
  db: Pick<Database, 'selectDistinct'>,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .leftJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
    .where(
      or(
        eq(organizations.ownerUserId, userId),
        and(eq(organizationMembers.userId, userId), eq(organizationMembers.isOwner, true)),
      ),
    )
    .orderBy(organizations.id);
  return rows;
}
