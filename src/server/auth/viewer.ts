import type { RoleId } from '../db/schema/users.ts';
import { AppError } from '../errors.ts';

/** Who is asking: the user behind the request's token, or nobody. */
export interface Viewer {
  readonly userId: number | null;
  readonly roles: readonly RoleId[];
}

export const anonymousViewer: Viewer = { userId: null, roles: [] };

/** SPEC section 6: staff are administrators, site admins and job editors. */
export const staffRoles: readonly RoleId[] = ['administrator', 'site_admin', 'job_editor'];

/**
 * How far a role reaches, for masquerade: administrator > site_admin > job_editor > everyone else. A user's
 * rank is that of their highest role.
 */
const roleRanks: Partial<Record<RoleId, number>> = { administrator: 3, site_admin: 2, job_editor: 1 };

export function roleRank(roles: readonly RoleId[]): number {
  return Math.max(0, ...roles.map((role) => roleRanks[role] ?? 0));
}

/**
 * Masquerade: staff may act only as users whose highest role ranks below their own, so a site admin can
 * become neither an administrator nor another site admin, and a job editor no staff member at all.
 */
export function canMasqueradeAs(staffRoles: readonly RoleId[], targetRoles: readonly RoleId[]): boolean {
  const rank = roleRank(staffRoles);
  return rank > 0 && roleRank(targetRoles) < rank;
}

/** Whether someone may masquerade at all (as a user without a staff role), i.e. is offered the button. */
export function canMasquerade(roles: readonly RoleId[]): boolean {
  return canMasqueradeAs(roles, []);
}

export type ViewerKind = 'ANON' | 'APPLICANT' | 'RECRUITER' | 'ADMIN';

export function isStaff(viewer: Viewer): boolean {
  return viewer.roles.some((role) => staffRoles.includes(role));
}

export function viewerKind(viewer: Viewer): ViewerKind {
  if (viewer.userId === null) return 'ANON';
  if (isStaff(viewer)) return 'ADMIN';
  if (viewer.roles.includes('recruiter')) return 'RECRUITER';
  return 'APPLICANT';
}

/** SPEC section 6: a user may act on an entity when they own it or are staff. */
export function canActOn(viewer: Viewer, ownerUserId: number | null): boolean {
  if (viewer.userId === null) return false;
  return isStaff(viewer) || (ownerUserId !== null && viewer.userId === ownerUserId);
}

export function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { userId: number } {
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', 'Please sign in to do this.');
}

export function requireRole(viewer: Viewer, ...roles: RoleId[]): asserts viewer is Viewer & { userId: number } {
  requireSignedIn(viewer);
  if (!isStaff(viewer) && !roles.some((role) => viewer.roles.includes(role))) {
    throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
  }
}

export function requireCanActOn(viewer: Viewer, ownerUserId: number | null): void {
  requireSignedIn(viewer);
  if (!canActOn(viewer, ownerUserId)) throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
}

/** SPEC section 9: missing analytics values are sent as "(none)". */
export const analyticsNone = '(none)';

/**
 * SPEC section 6: the analytics user role is the roles' target ids joined by ' | ' ("(none)" without roles).
 * A role without a target id contributes its role id, so a plain recruiter still reads "recruiter".
 */
export function analyticsUserRole(roles: readonly { id: string; targetId?: string | null }[]): string {
  const ids = roles.map((role) => role.targetId?.trim() || role.id).filter(Boolean);
  return ids.length > 0 ? ids.join(' | ') : analyticsNone;
}
