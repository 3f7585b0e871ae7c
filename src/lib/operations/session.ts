/** The session user (SPEC sections 3 and 7), read by the middleware for every page and by the account pages. */
import { defineOperation, type OperationData } from '../backend-client/index.ts';

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
