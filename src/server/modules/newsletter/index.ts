import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import {
  confirmNewsletter,
  getNewsletterConsent,
  listNewsletterSubscribers,
  newsletterSubscriptionOfToken,
  subscribeToNewsletter,
  unsubscribeNewsletter,
  type NewsletterTokenPurpose,
} from './newsletter.ts';

const linkOptions = (context: GraphQLContext, token: unknown) => ({
  db: context.db,
  brand: context.brand,
  locale: context.locale,
  authSecret: context.authSecret,
  token,
});

/** The newsletter (issue 19, decision 0028): double opt-in sign-up, one-click unsubscribe, the staff's export. */
export const newsletterModule: GraphQLModule = {
  typeDefs: gql`
    "The newsletter's consent text (latest revision, in the request's language)."
    type NewsletterConsent {
      infoId: Int!
      revision: Int!
      "Sanitised HTML."
      text: String!
    }

    "A newsletter subscription as its signed link shows it."
    type NewsletterSubscription {
      email: String!
      confirmed: Boolean!
      unsubscribed: Boolean!
    }

    enum NewsletterTokenPurpose {
      confirm
      unsubscribe
    }

    "A confirmed subscriber (staff export)."
    type NewsletterSubscriber {
      email: String!
      locale: String!
      confirmedAt: DateTime!
      "The revision of the consent text the address agreed to."
      consentRevision: Int
    }

    extend type Query {
      "The newsletter's consent text; null where the brand has no newsletter."
      newsletterConsent: NewsletterConsent
      "The subscription a signed link names (NOT_FOUND for a forged or outdated one)."
      newsletterSubscriptionOfToken(token: String!, purpose: NewsletterTokenPurpose!): NewsletterSubscription!
      "Staff only: the confirmed subscribers of the request's brand."
      newsletterSubscribers: [NewsletterSubscriber!]!
    }

    extend type Mutation {
      """
      Signs an address up for the newsletter (consent must be true): a confirmation mail with a signed link.
      True whatever the address's state, so that no address is revealed. Rate limited per address and client.
      """
      subscribeNewsletter(email: String!, consent: Boolean!): Boolean!
      "Confirms a subscription with the signed token of its mail (double opt-in)."
      confirmNewsletter(token: String!): NewsletterSubscription!
      "Ends a subscription with the signed token of its mail, without signing in."
      unsubscribeNewsletter(token: String!): NewsletterSubscription!
    }
  `,
  resolvers: {
    Query: {
      newsletterConsent: (_parent, _args, context: GraphQLContext) =>
        getNewsletterConsent({ db: context.db, brand: context.brand, locale: context.locale }),
      newsletterSubscriptionOfToken: (
        _parent,
        args: { token: string; purpose: NewsletterTokenPurpose },
        context: GraphQLContext,
      ) => newsletterSubscriptionOfToken({ ...linkOptions(context, args.token), purpose: args.purpose }),
      newsletterSubscribers: (_parent, _args, context: GraphQLContext) =>
        listNewsletterSubscribers({
          db: context.db,
          viewer: context.viewer,
          brand: context.brand,
          locale: context.locale,
        }),
    },
    Mutation: {
      subscribeNewsletter: (_parent, args: unknown, context: GraphQLContext) =>
        subscribeToNewsletter({
          db: context.db,
          brand: context.brand,
          locale: context.locale,
          authSecret: context.authSecret,
          clientAddress: context.clientAddress,
          input: args,
        }),
      confirmNewsletter: (_parent, args: { token: string }, context: GraphQLContext) =>
        confirmNewsletter(linkOptions(context, args.token)),
      unsubscribeNewsletter: (_parent, args: { token: string }, context: GraphQLContext) =>
        unsubscribeNewsletter(linkOptions(context, args.token)),
    },
  },
};
