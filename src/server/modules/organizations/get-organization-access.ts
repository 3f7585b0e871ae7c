import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import type { OrganizationMember } from '../../db/schema/users.ts';
import type { OrganizationLoaders } from './loaders.ts';

/**
 * The organization-access policy (SPEC section 6), the one place that says who belongs to an organization
 * and what they may do with it. GraphQL resolvers, the download endpoint and the commerce and session
 * services all ask it; the SQL of findViewerOrganizations only narrows the candidates it judges.
 */
export interface OrganizationAccess {
  /** The owner: organizations.owner_user_id, the one place ownership is stored (decision 0024). */
  isOwner: boolean;
  /** The owner or any other member. */
  isMember: boolean;
  /** Owner or staff: may edit the organization and see its personal (invoicing) info. */
  canAct: boolean;
  /** Published profiles are public; unpublished ones only for members and staff. */
  canView: boolean;
  /**
   * May work in it: have it as their active organization and see its credits and subscriptions. Members,
   * and staff for any organization.
   */
  canSelect: boolean;
  /**
   * May post and manage its jobs (drafts, the job manager, state changes) and see its unpublished jobs:
   * members who are recruiters, and staff for any organization (SPEC section 6, issue 13).
   */
  canManageJobs: boolean;
  /** May see the team (members, pending invitations): members and staff (issue 15 part 4). */
  canSeeTeam: boolean;
  /**
   * May change the team: invite, revoke invitations, remove members and hand over ownership. The owner,
   * and staff for any organization; other members only see it.
   */
  canManageTeam: boolean;
  /**
   * May edit the organization's profile (every section, its images) and publish it: members and staff
   * (issue 15; the profiles updatableOrganizationProfiles lists).
   */
  canEditProfile: boolean;
  /** May take a published profile off the site again: staff only (issue 15). */
  canUnpublish: boolean;
}

/** A user's membership row, as far as the policy reads it. */
export type Membership = Pick<OrganizationMember, 'organizationId'>;

export type AccessedOrganization = Pick<Organization, 'id' | 'ownerUserId' | 'published'>;

/** The policy itself: the viewer's access to `organization`, given the viewer's memberships. */
export function organizationAccessOf(
  viewer: Viewer,
  organization: AccessedOrganization,
  memberships: readonly Membership[],
): OrganizationAccess {
  const staff = isStaff(viewer);
  if (viewer.userId === null) {
    return {
      isOwner: false,
      isMember: false,
      canAct: false,
      canView: organization.published,
      canSelect: false,
      canManageJobs: false,
      canSeeTeam: false,
      canManageTeam: false,
      canEditProfile: false,
      canUnpublish: false,
    };
  }
  const membership = memberships.find((candidate) => candidate.organizationId === organization.id);
  const isOwner = organization.ownerUserId === viewer.userId;
  const isMember = isOwner || membership !== undefined;
  return {
    isOwner,
    isMember,
    canAct: staff || isOwner,
    canView: organization.published || isMember || staff,
    canSelect: staff || isMember,
    canManageJobs: staff || (isMember && viewer.roles.includes('recruiter')),
    canSeeTeam: staff || isMember,
    canManageTeam: staff || isOwner,
    canEditProfile: staff || isMember,
    canUnpublish: staff,
  };
}

/**
 * The viewer's access to an organization. The viewer's memberships come through a per-request loader,
 * so checking a whole page of organizations costs one query.
 */
export async function getOrganizationAccess(options: {
  viewer: Viewer;
  loaders: Pick<OrganizationLoaders, 'userMemberships'>;
  organization: AccessedOrganization;
}): Promise<OrganizationAccess> {
  const { viewer, loaders, organization } = options;
  const memberships = viewer.userId === null ? [] : await loaders.userMemberships.load(viewer.userId);
  return organizationAccessOf(viewer, organization, memberships);
}
