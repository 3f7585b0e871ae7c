/**
 * The role vocabulary of SPEC sections 1 and 6, in one place for the server (database column, permission
 * checks, tokens) and the pages (dashboard kind, masquerade button). Pure data and functions: no server
 * code, so islands and pages may import it.
 */

export const roleIds = ['recruiter', 'applicant', 'administrator', 'site_admin', 'job_editor'] as const;
export type RoleId = (typeof roleIds)[number];

/** SPEC section 1: staff are users holding administrator, site_admin or job_editor. */
export const staffRoles: readonly RoleId[] = ['administrator', 'site_admin', 'job_editor'];

export function isRoleId(value: unknown): value is RoleId {
  return (roleIds as readonly unknown[]).includes(value);
}

/** Whether any of the roles makes its holder staff. */
export function hasStaffRole(roles: readonly string[]): boolean {
  return roles.some((role) => (staffRoles as readonly string[]).includes(role));
}

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
export function canMasqueradeAs(actorRoles: readonly RoleId[], targetRoles: readonly RoleId[]): boolean {
  const rank = roleRank(actorRoles);
  return rank > 0 && roleRank(targetRoles) < rank;
}

/** Whether someone may masquerade at all (as a user without a staff role), i.e. is offered the button. */
export function canMasquerade(roles: readonly RoleId[]): boolean {
  return canMasqueradeAs(roles, []);
}

/** SPEC section 6: the kind of a signed-in user decides their dashboard; staff come first. */
export type UserKind = 'APPLICANT' | 'RECRUITER' | 'ADMIN';
/** A user kind, or ANON for a visitor without a session. */
export type ViewerKind = 'ANON' | UserKind;

export function userKindOf(roles: readonly string[]): UserKind {
  if (hasStaffRole(roles)) return 'ADMIN';
  if (roles.includes('recruiter')) return 'RECRUITER';
  return 'APPLICANT';
}
