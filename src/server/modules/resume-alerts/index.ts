import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import {
  createResumeAlert,
  deleteResumeAlert,
  getResumeAlert,
  listResumeAlerts,
  updateResumeAlert,
} from './manage-resume-alerts.ts';
import { unsubscribeResumeAlert } from './unsubscribe-resume-alert.ts';

const serviceOptions = (context: GraphQLContext) => ({
  ...serviceOptionsOf(context),
  clientAddress: context.clientAddress,
});

/** Resume alerts (issue 17): a recruiter's saved resume searches, mailed as digests (decision 0018). */
export const resumeAlertsModule: GraphQLModule = {
  typeDefs: gql`
    type ResumeAlert {
      id: Int!
      "The search's heading as the recruiter saw it."
      label: String!
      "The public path of the search (/resumes?…)."
      searchPath: String!
      "daily, weekly, monthly or none (paused); SPEC 9."
      frequency: String!
      createdAt: DateTime!
      nextDigestAt: DateTime
    }

    input CreateResumeAlertInput {
      "daily, weekly or monthly."
      frequency: String
      label: String
      searchPath: String
      "The search of the results page (the page is the digest's own)."
      search: ResumeSearchInput
    }

    input UpdateResumeAlertInput {
      "daily, weekly, monthly or none (pause)."
      frequency: String
    }

    extend type Query {
      "The viewer's resume alerts on this brand (recruiters; brands with resumes)."
      resumeAlerts: [ResumeAlert!]!
      "One of the viewer's resume alerts; NOT_FOUND for another's."
      resumeAlert(id: Int!): ResumeAlert!
    }

    extend type Mutation {
      "Saves a resume search as an alert (recruiters with an organization). Field errors by field."
      createResumeAlert(input: CreateResumeAlertInput!): ResumeAlert!
      "Changes the interval of one of the viewer's resume alerts; none pauses it."
      updateResumeAlert(id: Int!, input: UpdateResumeAlertInput!): ResumeAlert!
      deleteResumeAlert(id: Int!): Boolean!
      "Deletes an alert with the signed token of its mails, without signing in (RFC 8058 one click)."
      unsubscribeResumeAlert(token: String!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      resumeAlerts: (_parent, _args, context: GraphQLContext) => listResumeAlerts(serviceOptions(context)),
      resumeAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        getResumeAlert({ ...serviceOptions(context), id: args.id }),
    },
    Mutation: {
      createResumeAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        createResumeAlert({ ...serviceOptions(context), input: args.input }),
      updateResumeAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        updateResumeAlert({ ...serviceOptions(context), id: args.id, input: args.input }),
      deleteResumeAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        deleteResumeAlert({ ...serviceOptions(context), id: args.id }),
      unsubscribeResumeAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        unsubscribeResumeAlert({ ...serviceOptions(context), authSecret: context.authSecret, token: args.token }),
    },
  },
};
