/**
 * The team page and the invitation page (issue 15 part 4): the team of an organization, invitations by
 * e-mail, removing members, handing over ownership and accepting an invitation link. Refusals of
 * inviteRecruiter carry `extensions.fieldErrors` (field → message in the request's language).
 */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const organizationTeam = defineOperation(
  'organizationTeam',
  /* GraphQL */ `
    query organizationTeam($organizationId: Int) {
      organizationTeam(organizationId: $organizationId) {
        organizationId
        organizationName
        canManage
        members {
          userId
          name
          email
          isOwner
          joinedAt
        }
        invitations {
          id
          email
          createdAt
          expiresAt
          isExpired
        }
      }
    }
  `,
);
export type OrganizationTeam = NonNullable<OperationData<typeof organizationTeam>['organizationTeam']>;

export const inviteRecruiter = defineOperation(
  'inviteRecruiter',
  /* GraphQL */ `
    mutation inviteRecruiter($input: InviteRecruiterInput!) {
      inviteRecruiter(input: $input) {
        id
        email
        expiresAt
      }
    }
  `,
);

export const revokeTeamInvitation = defineOperation(
  'revokeTeamInvitation',
  /* GraphQL */ `
    mutation revokeTeamInvitation($organizationId: Int!, $invitationId: Int!) {
      revokeTeamInvitation(organizationId: $organizationId, invitationId: $invitationId)
    }
  `,
);

export const removeTeamMember = defineOperation(
  'removeTeamMember',
  /* GraphQL */ `
    mutation removeTeamMember($organizationId: Int!, $userId: Int!) {
      removeTeamMember(organizationId: $organizationId, userId: $userId)
    }
  `,
);

export const transferOrganizationOwnership = defineOperation(
  'transferOrganizationOwnership',
  /* GraphQL */ `
    mutation transferOrganizationOwnership($organizationId: Int!, $userId: Int!) {
      transferOrganizationOwnership(organizationId: $organizationId, userId: $userId)
    }
  `,
);

export const teamInvitationOfToken = defineOperation(
  'teamInvitationOfToken',
  /* GraphQL */ `
    query teamInvitationOfToken($token: String!) {
      teamInvitationOfToken(token: $token) {
        organizationName
        email
        state
        expiresAt
      }
    }
  `,
);

export const acceptTeamInvitation = defineOperation(
  'acceptTeamInvitation',
  /* GraphQL */ `
    mutation acceptTeamInvitation($token: String!) {
      acceptTeamInvitation(token: $token) {
        organizationId
        organizationName
      }
    }
  `,
);
