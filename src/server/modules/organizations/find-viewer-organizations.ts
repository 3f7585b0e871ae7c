import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizations, type Organization, organizationColumns } from '../../db/schema/organizations.ts';
import { organizationMembers, users } from '../../db/schema/users.ts';
import {
  organizationAccessOf,
  type AccessedOrganization,
  type Membership,
  type OrganizationAccess,
} from './get-organization-access.ts';

export interface ViewerOrganizations {
  /**
   * The organizations the viewer owns or is a member of: the active one first, then the owned ones, then
   * the others, each by id (SPEC section 3: clients select the first).
   */
  belongsTo: Organization[];
  /** The viewer's active organization while they may still select it (staff: any that exists), else null. */
  active: Organization | null;
  /** The organization the viewer works in: the active one, else the first they belong to; null without one. */
  current: Organization | null;
  /** The access policy for the viewer (their memberships are loaded) for any organization. */
  accessTo(organization: AccessedOrganization): OrganizationAccess;
}

/**
 * The organizations a signed-in viewer belongs to, in one query, judged by the access policy
 * (get-organization-access.ts), and their active one. `activeOrganizationId` spares reading it when the
 * caller has the user row already.
 */
export async function findViewerOrganizations(options: {
  db: Database;
  viewer: Viewer & { userId: number };
  activeOrganizationId?: number | null;
}): Promise<ViewerOrganizations> {
  const { db, viewer } = options;
  const { userId } = viewer;
  const rows = await db
    .select({
      organization: organizationColumns,
      memberOrganizationId: organizationMembers.organizationId,
    })
    .from(organizations)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, userId)),
    )
    // The candidates: every organization the policy could count the viewer a member of.
    .where(or(eq(organizations.ownerUserId, userId), isNotNull(organizationMembers.userId)))
    .orderBy(asc(organizations.id));
  const memberships: Membership[] = rows.flatMap((row) =>
    row.memberOrganizationId === null ? [] : [{ organizationId: row.memberOrganizationId }],
  );
  const accessTo = (organization: AccessedOrganization) => organizationAccessOf(viewer, organization, memberships);
  const judged = rows
    .map((row) => ({ organization: row.organization, access: accessTo(row.organization) }))
    .filter((entry) => entry.access.isMember);
  judged.sort((a, b) => Number(b.access.isOwner) - Number(a.access.isOwner));

  const activeOrganizationId =
    options.activeOrganizationId !== undefined
      ? options.activeOrganizationId
      : ((await db.select({ id: users.activeOrganizationId }).from(users).where(eq(users.id, userId)))[0]?.id ?? null);
  let active = judged.find((entry) => entry.organization.id === activeOrganizationId)?.organization ?? null;
  if (!active && activeOrganizationId !== null) {
    // One the viewer does not belong to (any longer): only who may select any organization keeps it.
    const [row] = await db
      .select(organizationColumns)
      .from(organizations)
      .where(eq(organizations.id, activeOrganizationId));
    if (row && accessTo(row).canSelect) active = row;
  }
  const belongsTo = judged.map((entry) => entry.organization);
  const isActive = (organization: Organization) => organization.id === active?.id;
  return {
    belongsTo: [...belongsTo.filter(isActive), ...belongsTo.filter((organization) => !isActive(organization))],
    active,
    current: active ?? belongsTo[0] ?? null,
    accessTo,
  };
}
