/**
 * The backend operations of the account pages: the SPEC section 7 queries (getUser, getCredits,
 * getSubscriptions) and the account forms, sessions and masquerade of the accounts module.
 */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const getUser = defineOperation(
  'getUser',
  /* GraphQL */ `
    query getUser {
      getUser {
        id
        roles {
          id
          targetId
        }
        email
        name
        displayName
        firstName
        lastName
        emailVerified
        isUserApprovedAndVerified
        isEligibleForJobApply
        organization {
          id
          name
          ownerId
        }
        activeOrganization {
          id
        }
      }
    }
  `,
);

/** SPEC section 3: the session user. */
export type SessionUser = NonNullable<OperationData<typeof getUser>['getUser']>;

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
          totalJobSlots
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

// Account forms (src/pages/user/*). Refusals arrive as GraphQL errors with message keys per field
// (formRefusalOf in form-page.ts).

export const registerApplicant = defineOperation(
  'registerApplicant',
  /* GraphQL */ `
    mutation registerApplicant($input: RegisterApplicantInput!) {
      registerApplicant(input: $input)
    }
  `,
);

export const registerRecruiter = defineOperation(
  'registerRecruiter',
  /* GraphQL */ `
    mutation registerRecruiter($input: RegisterRecruiterInput!) {
      registerRecruiter(input: $input)
    }
  `,
);

export const requestPasswordReset = defineOperation(
  'requestPasswordReset',
  /* GraphQL */ `
    mutation requestPasswordReset($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input)
    }
  `,
);

export const passwordResetLinkUsable = defineOperation(
  'passwordResetLinkUsable',
  /* GraphQL */ `
    query passwordResetLinkUsable($token: String!) {
      passwordResetLinkUsable(token: $token)
    }
  `,
);

export const resetPassword = defineOperation(
  'resetPassword',
  /* GraphQL */ `
    mutation resetPassword($input: ResetPasswordInput!) {
      resetPassword(input: $input)
    }
  `,
);

export const verifyEmail = defineOperation(
  'verifyEmail',
  /* GraphQL */ `
    mutation verifyEmail($token: String!) {
      verifyEmail(token: $token)
    }
  `,
);

export const sendVerificationMail = defineOperation(
  'sendVerificationMail',
  /* GraphQL */ `
    mutation sendVerificationMail {
      sendVerificationMail
    }
  `,
);

export const signOutEverywhere = defineOperation(
  'signOutEverywhere',
  /* GraphQL */ `
    mutation signOutEverywhere {
      signOutEverywhere
    }
  `,
);

// Operations that open a session return its grant, which src/server/auth/session-flows.ts writes into the
// session cookie.

export const changePassword = defineOperation(
  'changePassword',
  /* GraphQL */ `
    mutation changePassword($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        userId
        email
        name
        sessionId
        backendToken
        backendTokenIssuedAt
        openedAtMs
        masquerade {
          staffUserId
          staffEmail
          startedAt
        }
      }
    }
  `,
);

export const startMasquerade = defineOperation(
  'startMasquerade',
  /* GraphQL */ `
    mutation startMasquerade($userId: Int!) {
      startMasquerade(userId: $userId) {
        userId
        email
        name
        sessionId
        backendToken
        backendTokenIssuedAt
        openedAtMs
        masquerade {
          staffUserId
          staffEmail
          startedAt
        }
      }
    }
  `,
);

export const endMasquerade = defineOperation(
  'endMasquerade',
  /* GraphQL */ `
    mutation endMasquerade {
      endMasquerade {
        userId
        email
        name
        sessionId
        backendToken
        backendTokenIssuedAt
        openedAtMs
        masquerade {
          staffUserId
          staffEmail
          startedAt
        }
      }
    }
  `,
);

/** GDPR Art. 15 and 20 (decision 0026): the signed-in user's data, which GET /api/account/data-export zips. */
export const myDataExport = defineOperation(
  'myDataExport',
  /* GraphQL */ `
    query myDataExport {
      myDataExport {
        documents {
          name
          json
        }
        files {
          path
          storageKey
          mimeType
          sizeBytes
        }
      }
    }
  `,
);

/** GDPR Art. 17 (decision 0026): the account page's deletion form. */
export const deleteMyAccount = defineOperation(
  'deleteMyAccount',
  /* GraphQL */ `
    mutation deleteMyAccount($input: DeleteMyAccountInput!) {
      deleteMyAccount(input: $input)
    }
  `,
);

/** The account page's deletion form: password or typed DELETE, and what must be handed over first. */
export const myAccountDeletion = defineOperation(
  'myAccountDeletion',
  /* GraphQL */ `
    query myAccountDeletion {
      myAccountDeletion {
        hasPassword
        ownedOrganizations
      }
    }
  `,
);
