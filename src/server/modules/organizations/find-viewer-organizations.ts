import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { organizations, type Organization } from '../../db/schema/organizations.ts';
import { organizationMembers } from '../../db/schema/users.ts';

/**
 * The organizations a user owns (owner_user_id or an owner membership) or is a member of, in one query:
 * owned ones first, then by id. Staff rights add nothing here: staff moderate other organizations with
 * other tools.
 */
export async function findViewerOrganizations(options: { db: Database; userId: number }): Promise<Organization[]> {
  const { db, userId } = options;
  const isOwner = sql`coalesce(${organizationMembers.isOwner}, false) or ${organizations.ownerUserId} is not distinct from ${userId}`;
  const rows = await db
    .select({ organization: organizations })
    .from(organizations)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, userId)),
    )
    .where(or(eq(organizations.ownerUserId, userId), isNotNull(organizationMembers.userId)))
    .orderBy(desc(isOwner), asc(organizations.id));
  return rows.map((row) => row.organization);
}

/** SPEC section 3: the organization matching the active one comes first, the others keep their order. */
export function activeFirst<TOrganization extends { id: number }>(
  list: TOrganization[],
  activeOrganizationId: number | null,
): TOrganization[] {
  const active = list.find((organization) => organization.id === activeOrganizationId);
  return active ? [active, ...list.filter((organization) => organization !== active)] : list;
}
