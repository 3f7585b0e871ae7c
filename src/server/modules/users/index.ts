import { roleIds } from '../../../lib/roles.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { getSessionUser } from './get-session-user.ts';

export const usersModule: GraphQLModule = {
  typeDefs: gql`
    "The role ids of SPEC section 3."
    enum RoleId {
      ${roleIds.join('\n')}
    }

    "A role of the user; targetId narrows it to one entity where the role needs one."
    type Role {
      id: RoleId!
      targetId: String
    }

    type ActiveOrganization {
      id: Int!
    }

    "The signed-in user (SPEC section 3)."
    type User {
      id: Int!
      roles: [Role!]!
      email: String!
      "The full name, or the e-mail address when no name is known."
      name: String!
      "The chosen display name, else the full name (else the e-mail address)."
      displayName: String!
      firstName: String
      lastName: String
      emailVerified: Boolean!
      "Approved by staff and e-mail address verified."
      isUserApprovedAndVerified: Boolean!
      "Holds the applicant role and has verified the e-mail address."
      isEligibleForJobApply: Boolean!
      "The active organization, else the first one the user owns or belongs to."
      organization: OrganizationRef
      "The organization the user chose to act for; null when none is chosen."
      activeOrganization: ActiveOrganization
    }

    extend type Query {
      "The session user; null for anonymous visitors."
      getUser: User
    }
  `,
  resolvers: {
    Query: {
      getUser: (_parent, _args, context: GraphQLContext) => getSessionUser({ db: context.db, viewer: context.viewer }),
    },
  },
};
