import type { BrandId } from '../../../../brands/ids.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { getCheckout } from './get-checkout.ts';
import { getCreditLedger } from './get-credit-ledger.ts';
import { getOrders, loadOrder } from './get-orders.ts';
import { grantCredits } from './grant-credits.ts';
import { contactStartToken, sendContactMessage } from './send-contact-message.ts';
import { placeOrder } from './place-order.ts';
import { cancelOrder, confirmOrder } from './settle-order.ts';
import { getCredits } from './get-credits.ts';
import { getSubscriptions } from './get-subscriptions.ts';

/** Brands are registered by their FRONTEND id (`Record<BrandId, Brand>`), so a brand's id is a BrandId. */
const frontendOf = (context: GraphQLContext) => context.brand.id as BrandId;

const settleOptions = (context: GraphQLContext) => ({
  db: context.db,
  viewer: context.viewer,
  frontend: frontendOf(context),
  locale: context.locale,
});

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
      "The job slots the subscription grants (used = total - available)."
      totalJobSlots: Int!
      usageResumeContactSlots: SubscriptionSlots!
      status: SubscriptionStatus!
      "The product type: job_slots, resume_contacts or credits."
      type: String!
      frontend: String!
      product: ProductRef!
      "The subscription on the My products page (an absolute URL on the public origin)."
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

    "A product of the brand at checkout: a credit pack or a subscription plan, prices in cents."
    type CheckoutProduct {
      id: Int!
      name: String!
      "credit_pack or subscription."
      kind: String!
      jobCredits: Int!
      resumeContactCredits: Int!
      jobSlots: Int!
      resumeContactSlots: Int!
      "Days a subscription runs; null for a credit pack."
      durationDays: Int
      netCents: Int!
      vatCents: Int!
      grossCents: Int!
      vatRatePercent: Int!
      currency: String!
    }

    "The customer billing profile (SPEC 3)."
    type BillingProfile {
      companyName: String!
      email: String!
      firstName: String!
      lastName: String!
      addressLine1: String!
      addressLine2: String
      postalCode: String!
      locality: String!
      countryCode: String!
      vatNumber: String
    }

    type Checkout {
      products: [CheckoutProduct!]!
      "The profile the organization used last, to confirm or change."
      billingProfile: BillingProfile
      organizationName: String
    }

    input BillingProfileInput {
      companyName: String
      email: String
      firstName: String
      lastName: String
      addressLine1: String
      addressLine2: String
      postalCode: String
      locality: String
      countryCode: String
      "Checked by the format of the billing country (EU)."
      vatNumber: String
    }

    input PlaceOrderInput {
      productId: Int
      quantity: Int
      billing: BillingProfileInput
      acceptTerms: Boolean
      "A one-time key of the checkout form: the same key places one order."
      requestKey: String
      organizationId: Int
    }

    type OrderLine {
      id: Int!
      productId: Int!
      name: String!
      quantity: Int!
      unitNetCents: Int!
      netCents: Int!
    }

    type Order {
      id: Int!
      number: String!
      "requested, confirmed, fulfilled or cancelled."
      status: String!
      organizationId: Int!
      organizationName: String!
      billing: BillingProfile!
      lines: [OrderLine!]!
      netCents: Int!
      vatCents: Int!
      grossCents: Int!
      vatRatePercent: Int!
      currency: String!
      paymentProvider: String!
      createdAt: DateTime!
      confirmedAt: DateTime
      cancelledAt: DateTime
    }

    type OrderList {
      orders: [Order!]!
      total: Int!
    }

    input GrantCreditsInput {
      organizationId: Int
      "job_credits or resume_contacts."
      kind: String
      "Positive grants, negative corrects; never 0."
      amount: Int
      "Why: kept with the ledger entry."
      note: String
      "A one-time key of the form: the same key books once."
      requestKey: String
    }

    input ContactInput {
      name: String
      email: String
      "general, credits, subscription, billing or technical."
      subject: String
      message: String
      "Mail a copy to the sender."
      sendCopy: Boolean
      "The honeypot: left empty by people."
      website: String
      "contactFormStartToken as the form was shown."
      startToken: String
      "Files (pdf, jpg, jpeg, png, webp; together at most 50 MB), as a GraphQL multipart request."
      attachments: [File!]
    }

    type ContactResult {
      "True when the message reached the service (false: stored, retried in the background)."
      delivered: Boolean!
    }

    extend type Mutation {
      """
      The contact form: mailed to the brand's service address (and a copy to the sender), stored first and
      retried in the background when the mail fails. At most 5 messages per sender address an hour.
      """
      sendContactMessage(input: ContactInput!): ContactResult!
      "Staff: grants credits or corrects a balance of an organization of this frontend (a ledger entry with the note)."
      grantCredits(input: GrantCreditsInput!): CreditLedgerEntry!
      "Places an order for the recruiter's organization (invoice payment); staff confirm it."
      placeOrder(input: PlaceOrderInput!): Order!
      "Staff: books the order's credits or starts its subscriptions, once."
      confirmOrder(id: Int!): Order!
      "Staff: cancels an order not yet fulfilled."
      cancelOrder(id: Int!): Order!
    }

    extend type Query {
      "A signed start time for the contact form (sending needs it back, at least 3 seconds later)."
      contactFormStartToken: String!
      "The products of this frontend and the organization's billing profile (recruiters)."
      checkout(organizationId: Int): Checkout!
      "Orders on this frontend, newest first: the recruiter's organization's; staff see all unless they name one."
      orders(organizationId: Int, status: String, limit: Int = 100, offset: Int = 0): OrderList!
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
    Mutation: {
      placeOrder: async (_parent, args: { input: unknown }, context) => {
        const placed = await placeOrder({
          db: context.db,
          viewer: context.viewer,
          brand: context.brand,
          locale: context.locale,
          input: args.input,
        });
        return loadOrder(context.db, placed.order.id);
      },
      sendContactMessage: async (_parent, args: { input: unknown }, context) => {
        const result = await sendContactMessage({
          db: context.db,
          viewer: context.viewer,
          brand: context.brand,
          locale: context.locale,
          input: args.input,
          clientAddress: context.clientAddress,
        });
        return { delivered: result.delivered || !result.stored };
      },
      grantCredits: (_parent, args: { input: unknown }, context) =>
        grantCredits({ ...settleOptions(context), input: args.input }),
      confirmOrder: async (_parent, args: { id: number }, context) =>
        loadOrder(context.db, (await confirmOrder({ ...settleOptions(context), id: args.id })).id),
      cancelOrder: async (_parent, args: { id: number }, context) =>
        loadOrder(context.db, (await cancelOrder({ ...settleOptions(context), id: args.id })).id),
    },
    Query: {
      contactFormStartToken: () => contactStartToken(),
      checkout: (_parent, args: { organizationId?: number | null }, context) =>
        getCheckout({
          db: context.db,
          viewer: context.viewer,
          frontend: frontendOf(context),
          organizationId: args.organizationId,
        }),
      orders: (_parent, args: unknown, context) =>
        getOrders({ db: context.db, viewer: context.viewer, frontend: frontendOf(context), input: args }),
      getCredits: (_parent, args: unknown, context) =>
        getCredits({ db: context.db, viewer: context.viewer, frontend: frontendOf(context), input: args }),
      getCreditLedger: (_parent, args: unknown, context) =>
        getCreditLedger({ db: context.db, viewer: context.viewer, frontend: frontendOf(context), input: args }),
      getSubscriptions: (_parent, args: unknown, context) =>
        getSubscriptions({
          db: context.db,
          viewer: context.viewer,
          frontend: frontendOf(context),
          brand: context.brand,
          locale: context.locale,
          input: args,
        }),
    },
  },
};
