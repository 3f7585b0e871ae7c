import type { BrandId } from '../../../../brands/ids.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { getCreditLedger } from './get-credit-ledger.ts';
import { getCredits } from './get-credits.ts';
import { getSubscriptions } from './get-subscriptions.ts';

/** Brands are registered by their FRONTEND id (`Record<BrandId, Brand>`), so a brand's id is a BrandId. */
const frontendOf = (context: GraphQLContext) => context.brand.id as BrandId;

export const commerceModule: GraphQLModule = {
  typeDefs: gql`
    "Credits an organization holds on one frontend (for example resume contacts)."
    type CreditBalance {
      amount: Int!
      label: String
      organizationName: String!
      type: String!
      frontend: String!
    }

    type SubscriptionSlots {
      active: Int!
      available: Int!
      total: Int!
    }

    type SubscriptionStatus {
      "The status in the frontend's language."
      label: String!
      "active, scheduled, expired or cancelled (derived from the dates)."
      value: String!
    }

    type ProductRef {
      id: Int!
      name: String!
    }

    type Subscription {
      id: Int!
      startDate: DateTime!
      "Null for a subscription without an end."
      endDate: DateTime
      label: String
      organizationName: String!
      availableJobSlots: Int!
      usageResumeContactSlots: SubscriptionSlots!
      status: SubscriptionStatus!
      "The product type: job_slots, resume_contacts or credits."
      type: String!
      frontend: String!
      product: ProductRef!
      "The subscription on the My products page."
      absoluteUrl: String!
    }

    type SubscriptionList {
      subscriptions: [Subscription!]!
      "How many subscriptions match, before paging."
      total: Int!
      "Problems with the filters (the list is then empty)."
      errors: [String!]!
    }

    input SubscriptionFilters {
      "Any of active, scheduled, expired, cancelled."
      status: [String!]
      "job_slots, resume_contacts or credits."
      productType: String
      "Only subscriptions running on that day."
      activeOn: DateTime
    }

    enum SubscriptionSortField {
      START_DATE
      END_DATE
      ID
    }

    enum SortDirection {
      ASC
      DESC
    }

    input SubscriptionSorting {
      field: SubscriptionSortField!
      direction: SortDirection!
    }

    "One entry of the append-only credit ledger: a change of a credit balance or the use of a subscription's slot."
    type CreditLedgerEntry {
      id: Int!
      "job_credits or resume_contacts."
      kind: String!
      "Positive adds, negative spends."
      amount: Int!
      "purchase, grant, correction, job_publish, contact_request, refund or expiry."
      reason: String!
      "What the entry is about, for example order:12 or job:5:1."
      reference: String
      note: String
      "Set when the entry uses or returns a subscription's slot."
      subscriptionId: Int
      createdAt: DateTime!
    }

    type CreditLedgerPage {
      entries: [CreditLedgerEntry!]!
      "How many entries there are, before paging."
      total: Int!
    }

    extend type Query {
      "The credit ledger of the recruiter's organization (their active one unless named) on this frontend, newest first."
      getCreditLedger(organizationId: Int, kind: String, limit: Int = 100, offset: Int = 0): CreditLedgerPage!
      "Credit balances of the recruiter's organization (their active one unless named) on this frontend."
      getCredits(organizationId: Int): [CreditBalance!]!
      """
      Subscriptions of the recruiter's organization (their active one unless named), newest start first unless
      sorted otherwise; limit 1 to 100. Only staff may see other frontends' subscriptions.
      """
      getSubscriptions(
        filters: SubscriptionFilters
        limit: Int! = 100
        offset: Int = 0
        sorting: SubscriptionSorting
        showSubscriptionsFromAllFrontends: Boolean = false
        organizationId: Int
      ): SubscriptionList!
    }
  `,
  resolvers: {
    Query: {
      getCredits: (_parent, args: unknown, context) =>
        getCredits({ db: context.db, viewer: context.viewer, frontend: frontendOf(context), input: args }),
      getCreditLedger: (_parent, args: unknown, context) =>
        getCreditLedger({ db: context.db, viewer: context.viewer, frontend: frontendOf(context), input: args }),
      getSubscriptions: (_parent, args: unknown, context) =>
        getSubscriptions({
          db: context.db,
          viewer: context.viewer,
          frontend: frontendOf(context),
          locale: context.locale,
          input: args,
        }),
    },
  },
};
