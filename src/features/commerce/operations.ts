/**
 * The backend operations of the commerce pages: the credit ledger, products, checkout and orders
 * (issue 16, decision 0020).
 */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const getCreditLedger = defineOperation(
  'getCreditLedger',
  /* GraphQL */ `
    query getCreditLedger($organizationId: Int, $kind: String, $limit: Int, $offset: Int) {
      getCreditLedger(organizationId: $organizationId, kind: $kind, limit: $limit, offset: $offset) {
        entries {
          id
          kind
          amount
          reason
          reference
          note
          subscriptionId
          createdAt
        }
        total
      }
    }
  `,
);

export type CreditLedgerEntry = OperationData<typeof getCreditLedger>['getCreditLedger']['entries'][number];

export const getCheckout = defineOperation(
  'getCheckout',
  /* GraphQL */ `
    query getCheckout($organizationId: Int) {
      checkout(organizationId: $organizationId) {
        products {
          id
          name
          kind
          jobCredits
          resumeContactCredits
          jobSlots
          resumeContactSlots
          durationDays
          netCents
          vatCents
          grossCents
          vatRatePercent
          currency
        }
        billingProfile {
          companyName
          email
          firstName
          lastName
          addressLine1
          addressLine2
          postalCode
          locality
          countryCode
          vatNumber
        }
        organizationName
      }
    }
  `,
);

export type CheckoutProduct = OperationData<typeof getCheckout>['checkout']['products'][number];

export const getOrders = defineOperation(
  'getOrders',
  /* GraphQL */ `
    query getOrders($organizationId: Int, $status: String, $limit: Int, $offset: Int) {
      orders(organizationId: $organizationId, status: $status, limit: $limit, offset: $offset) {
        orders {
          id
          number
          status
          organizationId
          organizationName
          billing {
            companyName
            email
            firstName
            lastName
            addressLine1
            addressLine2
            postalCode
            locality
            countryCode
            vatNumber
          }
          lines {
            id
            productId
            name
            quantity
            unitNetCents
            netCents
          }
          netCents
          vatCents
          grossCents
          vatRatePercent
          currency
          paymentProvider
          createdAt
          confirmedAt
          cancelledAt
        }
        total
      }
    }
  `,
);

export type OrderView = OperationData<typeof getOrders>['orders']['orders'][number];

export const placeOrder = defineOperation(
  'placeOrder',
  /* GraphQL */ `
    mutation placeOrder($input: PlaceOrderInput!) {
      placeOrder(input: $input) {
        id
        number
        status
        organizationId
        organizationName
        billing {
          companyName
          email
          firstName
          lastName
          addressLine1
          addressLine2
          postalCode
          locality
          countryCode
          vatNumber
        }
        lines {
          id
          productId
          name
          quantity
          unitNetCents
          netCents
        }
        netCents
        vatCents
        grossCents
        vatRatePercent
        currency
        paymentProvider
        createdAt
        confirmedAt
        cancelledAt
      }
    }
  `,
);

export const confirmOrder = defineOperation(
  'confirmOrder',
  /* GraphQL */ `
    mutation confirmOrder($id: Int!) {
      confirmOrder(id: $id) {
        id
        number
        status
        organizationId
        organizationName
        billing {
          companyName
          email
          firstName
          lastName
          addressLine1
          addressLine2
          postalCode
          locality
          countryCode
          vatNumber
        }
        lines {
          id
          productId
          name
          quantity
          unitNetCents
          netCents
        }
        netCents
        vatCents
        grossCents
        vatRatePercent
        currency
        paymentProvider
        createdAt
        confirmedAt
        cancelledAt
      }
    }
  `,
);

export const cancelOrder = defineOperation(
  'cancelOrder',
  /* GraphQL */ `
    mutation cancelOrder($id: Int!) {
      cancelOrder(id: $id) {
        id
        number
        status
        organizationId
        organizationName
        billing {
          companyName
          email
          firstName
          lastName
          addressLine1
          addressLine2
          postalCode
          locality
          countryCode
          vatNumber
        }
        lines {
          id
          productId
          name
          quantity
          unitNetCents
          netCents
        }
        netCents
        vatCents
        grossCents
        vatRatePercent
        currency
        paymentProvider
        createdAt
        confirmedAt
        cancelledAt
      }
    }
  `,
);

export const grantCredits = defineOperation(
  'grantCredits',
  /* GraphQL */ `
    mutation grantCredits($input: GrantCreditsInput!) {
      grantCredits(input: $input) {
        id
        kind
        amount
        reason
        note
        createdAt
      }
    }
  `,
);

export const contactFormStartToken = defineOperation(
  'contactFormStartToken',
  /* GraphQL */ `
    query contactFormStartToken {
      contactFormStartToken
    }
  `,
);

export const sendContactMessage = defineOperation(
  'sendContactMessage',
  /* GraphQL */ `
    mutation sendContactMessage($input: ContactInput!) {
      sendContactMessage(input: $input) {
        delivered
      }
    }
  `,
);
