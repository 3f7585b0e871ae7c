/** The backend operations of the account pages (SPEC section 7: getUser, getCredits, getSubscriptions). */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

// The session user is read by the middleware too (src/server/auth/page-session.ts): its operation is shared.
export { getUser, type SessionUser } from '../../lib/operations/session.ts';

export const getCredits = defineOperation(
  'getCredits',
  /* GraphQL */ `
    query getCredits($organizationId: Int) {
      getCredits(organizationId: $organizationId) {
        amount
        label
        organizationName
        type
        frontend
      }
    }
  `,
);

export type CreditBalance = OperationData<typeof getCredits>['getCredits'][number];

/** With the variables of SPEC section 7; a subscription names its frontend for staff who see them all. */
export const getSubscriptions = defineOperation(
  'getSubscriptions',
  /* GraphQL */ `
    query getSubscriptions(
      $filters: SubscriptionFilters
      $limit: Int!
      $offset: Int
      $sorting: SubscriptionSorting
      $showSubscriptionsFromAllFrontends: Boolean
      $organizationId: Int
    ) {
      getSubscriptions(
        filters: $filters
        limit: $limit
        offset: $offset
        sorting: $sorting
        showSubscriptionsFromAllFrontends: $showSubscriptionsFromAllFrontends
        organizationId: $organizationId
      ) {
        subscriptions {
          id
          startDate
          endDate
          label
          organizationName
          availableJobSlots
          usageResumeContactSlots {
            active
            available
            total
          }
          status {
            label
            value
          }
          type
          frontend
          product {
            id
            name
          }
          absoluteUrl
        }
        total
        errors
      }
    }
  `,
);

export type Subscription = OperationData<typeof getSubscriptions>['getSubscriptions']['subscriptions'][number];
