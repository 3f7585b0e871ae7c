import { describe, expect, it } from 'vitest';
import { anonymousViewer, type Viewer } from '../../auth/viewer';
import { organizationAccessOf, type AccessedOrganization } from './get-organization-access';

const unpublished: AccessedOrganization = { id: 10, ownerUserId: 1, published: false };
const published: AccessedOrganization = { ...unpublished, published: true };
const recruiter = (userId: number): Viewer => ({ userId, roles: ['recruiter'] });

describe('organization access (SPEC section 6)', () => {
  it('lets the owner of owner_user_id act, view and select', () => {
    expect(organizationAccessOf(recruiter(1), unpublished, [])).toEqual({
      isOwner: true,
      isMember: true,
      canAct: true,
      canView: true,
      canSelect: true,
      canManageJobs: true,
      canSeeTeam: true,
      canManageTeam: true,
      canEditProfile: true,
      canUnpublish: false,
    });
  });

  it('counts a membership as membership only: ownership is owner_user_id alone (decision 0024)', () => {
    expect(organizationAccessOf(recruiter(3), unpublished, [{ organizationId: 10 }])).toEqual({
      isOwner: false,
      isMember: true,
      canAct: false,
      canView: true,
      canSelect: true,
      canManageJobs: true,
      canSeeTeam: true,
      canManageTeam: false,
      canEditProfile: true,
      canUnpublish: false,
    });
    // A membership of another organization is no membership of this one.
    expect(organizationAccessOf(recruiter(3), unpublished, [{ organizationId: 11 }]).isMember).toBe(false);
  });

  it('lets staff act on, view and select any organization without belonging to it', () => {
    for (const role of ['administrator', 'site_admin', 'job_editor'] as const) {
      expect(organizationAccessOf({ userId: 9, roles: [role] }, unpublished, [])).toEqual({
        isOwner: false,
        isMember: false,
        canAct: true,
        canView: true,
        canSelect: true,
        canManageJobs: true,
        canSeeTeam: true,
        canManageTeam: true,
        canEditProfile: true,
        canUnpublish: true,
      });
    }
  });

  it('shows strangers and anonymous visitors only published profiles, and nothing more', () => {
    for (const viewer of [recruiter(4), anonymousViewer, { userId: 5, roles: ['applicant'] } satisfies Viewer]) {
      expect(organizationAccessOf(viewer, unpublished, [])).toEqual({
        isOwner: false,
        isMember: false,
        canAct: false,
        canView: false,
        canSelect: false,
        canManageJobs: false,
        canSeeTeam: false,
        canManageTeam: false,
        canEditProfile: false,
        canUnpublish: false,
      });
      expect(organizationAccessOf(viewer, published, []).canView).toBe(true);
      expect(organizationAccessOf(viewer, published, []).canAct).toBe(false);
    }
  });

  it("lets only recruiters among the members manage the organization's jobs", () => {
    const member = [{ organizationId: 10 }];
    expect(organizationAccessOf({ userId: 3, roles: ['applicant'] }, unpublished, member).canManageJobs).toBe(false);
    expect(organizationAccessOf(recruiter(3), unpublished, member).canManageJobs).toBe(true);
  });

  it('gives an anonymous viewer no ownership of an organization without an owner', () => {
    const ownerless = { ...unpublished, ownerUserId: null };
    expect(organizationAccessOf(anonymousViewer, ownerless, []).isOwner).toBe(false);
  });
});
