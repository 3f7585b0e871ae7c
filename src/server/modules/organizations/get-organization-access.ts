import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import type { Loaders } from '../../graphql/loaders.ts';

/** What the viewer may do with one organization. */
export interface OrganizationAccess {
  /** The owner: organizations.owner_user_id, or a membership marked as owner. */
  isOwner: boolean;
  /** The owner or any other member. */
  isMember: boolean;
  /** SPEC section 6: owner or staff; may edit the organization and see its personal (invoicing) info. */
  canAct: boolean;
  /** Published profiles are public; unpublished ones only for members and staff. */
  canView: boolean;
}

/**
 * The viewer's access to an organization. The viewer's memberships come through a per-request loader,
 * so checking a whole page of organizations costs one query.
 */
export async function getOrganizationAccess(options: {
  viewer: Viewer;
  loaders: Loaders;
  organization: Pick<Organization, 'id' | 'ownerUserId' | 'published'>;
}): Promise<OrganizationAccess> {
  const { viewer, loaders, organization } = options;
  const staff = isStaff(viewer);
  if (viewer.userId === null) {
    return { isOwner: false, isMember: false, canAct: false, canView: organization.published };
  }
  const memberships = await loaders.userMemberships.load(viewer.userId);
  const membership = memberships.find((candidate) => candidate.organizationId === organization.id);
  const isOwner = organization.ownerUserId === viewer.userId || membership?.isOwner === true;
  const isMember = isOwner || membership !== undefined;
  return { isOwner, isMember, canAct: staff || isOwner, canView: organization.published || isMember || staff };
}
