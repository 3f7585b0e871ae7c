import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import { alertOfToken, confirmJobAlert, unsubscribeJobAlert } from './confirm-job-alert.ts';
import { createJobAlert } from './create-job-alert.ts';
import { deleteJobAlert, listJobAlerts, updateJobAlert } from './manage-job-alerts.ts';

const serviceOptions = (context: GraphQLContext) => ({
  ...serviceOptionsOf(context),
  authSecret: context.authSecret,
  clientAddress: context.clientAddress,
});

/** Job alerts (issue 14): saved searches mailed as digests (decision 0018). */
export const jobAlertsModule: GraphQLModule = {
  typeDefs: gql`
    type JobAlert {
      id: Int!
      "The search's heading as the visitor saw it."
      label: String!
      "The public path of the search (/jobs?…)."
      searchPath: String!
      email: String!
      "daily, weekly, monthly or none (paused); SPEC 9."
      frequency: String!
      "False until the address is confirmed (double opt-in)."
      isConfirmed: Boolean!
      createdAt: DateTime!
      nextDigestAt: DateTime
    }

    input CreateJobAlertInput {
      "Anonymous sign-ups only; signed in, the account's address is used."
      email: String
      "daily, weekly or monthly."
      frequency: String
      label: String
      searchPath: String
      "The search of the results page (page, page size and sort are the digest's own)."
      search: JobSearchInput
    }

    input UpdateJobAlertInput {
      "daily, weekly, monthly or none (pause)."
      frequency: String
    }

    type CreateJobAlertResult {
      alert: JobAlert!
      "True when a confirmation mail was sent and the alert waits for its link."
      needsConfirmation: Boolean!
    }

    type JobAlertLinkResult {
      label: String!
      searchPath: String
      "confirmJobAlert: the alert was confirmed before."
      wasConfirmed: Boolean
    }

    extend type Query {
      "The viewer's job alerts on this brand (sign-in required)."
      jobAlerts: [JobAlert!]!
      "The search a confirm or unsubscribe link (purpose confirm | unsubscribe) is for; NOT_FOUND when it does not verify."
      jobAlertOfToken(token: String!, purpose: String!): JobAlertLinkResult!
    }

    extend type Mutation {
      "Saves a search as a job alert; anonymous sign-ups are confirmed by mail first. Field errors by field."
      createJobAlert(input: CreateJobAlertInput!): CreateJobAlertResult!
      "Confirms an alert with the signed token of its confirmation mail."
      confirmJobAlert(token: String!): JobAlertLinkResult!
      "Deletes an alert with the signed token of its mails, without signing in (RFC 8058 one click)."
      unsubscribeJobAlert(token: String!): JobAlertLinkResult!
      "Changes the frequency of one of the viewer's alerts; none pauses it."
      updateJobAlert(id: Int!, input: UpdateJobAlertInput!): JobAlert!
      deleteJobAlert(id: Int!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      jobAlerts: (_parent, _args, context: GraphQLContext) => listJobAlerts(serviceOptions(context)),
      jobAlertOfToken: async (_parent, args: ResolverArgs, context: GraphQLContext) => {
        const alert = await alertOfToken({
          ...serviceOptions(context),
          token: args.token,
          purpose: args.purpose === 'confirm' ? 'confirm' : 'unsubscribe',
        });
        return { label: alert.label, searchPath: alert.searchPath, wasConfirmed: alert.confirmedAt !== null };
      },
    },
    Mutation: {
      createJobAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        createJobAlert({ ...serviceOptions(context), input: args.input }),
      confirmJobAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        confirmJobAlert({ ...serviceOptions(context), token: args.token }),
      unsubscribeJobAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        unsubscribeJobAlert({ ...serviceOptions(context), token: args.token }),
      updateJobAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        updateJobAlert({ ...serviceOptions(context), id: args.id, input: args.input }),
      deleteJobAlert: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        deleteJobAlert({ ...serviceOptions(context), id: args.id }),
    },
  },
};
