import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule } from '../../graphql/module.ts';
import {
  acceptTeamInvitation,
  getOrganizationTeam,
  inviteRecruiter,
  removeTeamMember,
  revokeTeamInvitation,
  teamInvitationOfToken,
  transferOrganizationOwnership,
  type TeamView,
} from './team.ts';

const serviceOptions = (context: GraphQLContext) => ({
  ...serviceOptionsOf(context),
  authSecret: context.authSecret,
  clientAddress: context.clientAddress,
});

/** The team of an organization (issue 15 part 4, decision 0024). */
export const organizationTeamModule: GraphQLModule = {
  typeDefs: gql`
    type TeamMember {
      userId: Int!
      name: String!
      email: String!
      isOwner: Boolean!
      joinedAt: DateTime!
    }

    "A pending invitation (neither accepted nor revoked); isExpired once its link no longer works."
    type TeamInvitation {
      id: Int!
      email: String!
      createdAt: DateTime!
      expiresAt: DateTime!
      isExpired: Boolean!
    }

    type OrganizationTeam {
      organizationId: Int!
      organizationName: String!
      "Whether the viewer may change the team (the owner, or staff)."
      canManage: Boolean!
      "The owner first, then the others by the date they joined."
      members: [TeamMember!]!
      invitations: [TeamInvitation!]!
    }

    "What an invitation link is for; state PENDING, EXPIRED, ACCEPTED or REVOKED."
    type TeamInvitationOfToken {
      organizationName: String!
      email: String!
      state: String!
      expiresAt: DateTime!
    }

    type AcceptTeamInvitationResult {
      organizationId: Int!
      organizationName: String!
    }

    input InviteRecruiterInput {
      organizationId: Int!
      email: String!
    }

    extend type Query {
      """
      The team of an organization the viewer belongs to (members and staff), by default of the viewer's
      current organization (null without one). NOT_FOUND for others' organizations. Requires a session.
      """
      organizationTeam(organizationId: Int): OrganizationTeam
      "The invitation a signed link names; NOT_FOUND when the token does not verify. No session needed."
      teamInvitationOfToken(token: String!): TeamInvitationOfToken!
    }

    extend type Mutation {
      "The owner (or staff) invites a recruiter by e-mail: a signed link valid for 7 days. Rate-limited."
      inviteRecruiter(input: InviteRecruiterInput!): TeamInvitation!
      "The owner (or staff) revokes a pending invitation."
      revokeTeamInvitation(organizationId: Int!, invitationId: Int!): Boolean!
      "The owner (or staff) removes a member other than the owner."
      removeTeamMember(organizationId: Int!, userId: Int!): Boolean!
      "The owner (or staff) hands the organization over to another member; the former owner stays a member."
      transferOrganizationOwnership(organizationId: Int!, userId: Int!): Boolean!
      "The signed-in account with the invited address joins the organization as a recruiter."
      acceptTeamInvitation(token: String!): AcceptTeamInvitationResult!
    }
  `,
  resolvers: {
    Query: {
      organizationTeam: (_parent, args: { organizationId?: number | null }, context: GraphQLContext) =>
        getOrganizationTeam({ ...serviceOptionsOf(context), organizationId: args.organizationId ?? null }),
      teamInvitationOfToken: (_parent, args: { token: string }, context: GraphQLContext) =>
        teamInvitationOfToken({ ...serviceOptions(context), token: args.token }),
    },
    Mutation: {
      inviteRecruiter: (_parent, args: { input: unknown }, context: GraphQLContext) =>
        inviteRecruiter({ ...serviceOptions(context), input: args.input }),
      revokeTeamInvitation: (_parent, args: unknown, context: GraphQLContext) =>
        revokeTeamInvitation({ ...serviceOptions(context), input: args }),
      removeTeamMember: (_parent, args: unknown, context: GraphQLContext) =>
        removeTeamMember({ ...serviceOptions(context), input: args }),
      transferOrganizationOwnership: (_parent, args: unknown, context: GraphQLContext) =>
        transferOrganizationOwnership({ ...serviceOptions(context), input: args }),
      acceptTeamInvitation: (_parent, args: { token: string }, context: GraphQLContext) =>
        acceptTeamInvitation({ ...serviceOptions(context), token: args.token }),
    },
    OrganizationTeam: {
      organizationId: (team: TeamView) => team.organization.id,
      organizationName: (team: TeamView) => team.organization.name,
    },
  },
};
