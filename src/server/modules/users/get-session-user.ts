import { asc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { userRoles, users, type RoleId } from '../../db/schema/users.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { organizationRef } from '../organizations/organization-presenters.ts';

export interface SessionUser {
  id: number;
  roles: { id: RoleId; targetId: string | null }[];
  email: string;
  name: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isUserApprovedAndVerified: boolean;
  isEligibleForJobApply: boolean;
  organization: { id: number; name: string; ownerId: number | null } | null;
  activeOrganization: { id: number } | null;
}

function fullNameOf(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * SPEC section 3: the session user. Roles come from the database, not the token, so a role granted or
 * revoked since sign-in shows at once. The organization is the active one when the user still belongs to
 * it (staff may activate any), else the first one they own or are a member of. Null for anonymous viewers.
 */
export async function getSessionUser(options: { db: Database; viewer: Viewer }): Promise<SessionUser | null> {
  const { db, viewer } = options;
  if (viewer.userId === null) return null;
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId));
  if (!user) return null;
  const roles = await db
    .select({ id: userRoles.role, targetId: userRoles.targetId })
    .from(userRoles)
    .where(eq(userRoles.userId, user.id))
    .orderBy(asc(userRoles.role));
  const { active, current: organization } = await findViewerOrganizations({
    db,
    viewer: { ...viewer, userId: user.id },
    activeOrganizationId: user.activeOrganizationId,
  });

  const fullName = fullNameOf(user);
  const emailVerified = user.emailVerifiedAt !== null;
  return {
    id: user.id,
    roles,
    email: user.email,
    name: fullName || user.email,
    displayName: user.displayName?.trim() || fullName || user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified,
    isUserApprovedAndVerified: user.approved && emailVerified,
    isEligibleForJobApply: emailVerified && roles.some((role) => role.id === 'applicant'),
    organization: organization ? organizationRef(organization) : null,
    activeOrganization: active ? { id: active.id } : null,
  };
}
