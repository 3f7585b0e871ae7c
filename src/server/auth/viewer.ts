import { hasStaffRole, userKindOf, type RoleId, type ViewerKind } from '../../lib/roles.ts';
import { AppError } from '../errors.ts';

/** Who is asking: the user behind the request's token, or nobody. */
export interface Viewer {
  readonly userId: number | null;
  readonly roles: readonly RoleId[];
}

export const anonymousViewer: Viewer = { userId: null, roles: [] };

export function isStaff(viewer: Viewer): boolean {
  return hasStaffRole(viewer.roles);
}

export function viewerKind(viewer: Viewer): ViewerKind {
  return viewer.userId === null ? 'ANON' : userKindOf(viewer.roles);
}

/** SPEC section 6: a user may act on an entity when they own it or are staff. */
export function canActOn(viewer: Viewer, ownerUserId: number | null): boolean {
  if (viewer.userId === null) return false;
  return isStaff(viewer) || (ownerUserId !== null && viewer.userId === ownerUserId);
}

export function requireSignedIn(viewer: Viewer): asserts viewer is Viewer & { userId: number } {
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired' });
}

export function requireRole(viewer: Viewer, ...roles: RoleId[]): asserts viewer is Viewer & { userId: number } {
  requireSignedIn(viewer);
  if (!isStaff(viewer) && !roles.some((role) => viewer.roles.includes(role))) {
    throw new AppError('FORBIDDEN', { key: 'error.forbidden' });
  }
}

export function requireCanActOn(viewer: Viewer, ownerUserId: number | null): void {
  requireSignedIn(viewer);
  if (!canActOn(viewer, ownerUserId)) throw new AppError('FORBIDDEN', { key: 'error.forbidden' });
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
