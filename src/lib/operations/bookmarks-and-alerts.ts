/**
 * Bookmarks and job alerts (issue 14): the operations of the toggles, the alert dialog, the confirm and
 * unsubscribe pages and the dashboard. Refusals of createJobAlert carry `extensions.fieldErrors` (field →
 * message in the request's language).
 */
import { defineOperation, type OperationData } from '../backend-client/index.ts';

export const bookmarkedJobIds = defineOperation(
  'bookmarkedJobIds',
  /* GraphQL */ `
    query bookmarkedJobIds($jobIds: [Int!]!) {
      bookmarkedJobIds(jobIds: $jobIds)
    }
  `,
);

export const addBookmark = defineOperation(
  'addBookmark',
  /* GraphQL */ `
    mutation addBookmark($jobId: Int!) {
      addBookmark(jobId: $jobId)
    }
  `,
);

export const saveBookmarks = defineOperation(
  'saveBookmarks',
  /* GraphQL */ `
    mutation saveBookmarks($jobIds: [Int!]!) {
      saveBookmarks(jobIds: $jobIds)
    }
  `,
);

export const removeBookmark = defineOperation(
  'removeBookmark',
  /* GraphQL */ `
    mutation removeBookmark($jobId: Int!) {
      removeBookmark(jobId: $jobId)
    }
  `,
);

export const bookmarks = defineOperation(
  'bookmarks',
  /* GraphQL */ `
    query bookmarks {
      bookmarks {
        jobId
        title
        organizationName
        url
        isAvailable
        createdAt
      }
    }
  `,
);
export type Bookmark = OperationData<typeof bookmarks>['bookmarks'][number];

export const jobAlerts = defineOperation(
  'jobAlerts',
  /* GraphQL */ `
    query jobAlerts {
      jobAlerts {
        id
        label
        searchPath
        email
        frequency
        isConfirmed
        createdAt
        nextDigestAt
      }
    }
  `,
);
export type JobAlert = OperationData<typeof jobAlerts>['jobAlerts'][number];

export const createJobAlert = defineOperation(
  'createJobAlert',
  /* GraphQL */ `
    mutation createJobAlert($input: CreateJobAlertInput!) {
      createJobAlert(input: $input) {
        needsConfirmation
        alert {
          id
          label
          searchPath
          email
          frequency
          isConfirmed
          createdAt
          nextDigestAt
        }
      }
    }
  `,
);

export const updateJobAlert = defineOperation(
  'updateJobAlert',
  /* GraphQL */ `
    mutation updateJobAlert($id: Int!, $input: UpdateJobAlertInput!) {
      updateJobAlert(id: $id, input: $input) {
        id
        label
        searchPath
        email
        frequency
        isConfirmed
        createdAt
        nextDigestAt
      }
    }
  `,
);

export const deleteJobAlert = defineOperation(
  'deleteJobAlert',
  /* GraphQL */ `
    mutation deleteJobAlert($id: Int!) {
      deleteJobAlert(id: $id)
    }
  `,
);

export const confirmJobAlert = defineOperation(
  'confirmJobAlert',
  /* GraphQL */ `
    mutation confirmJobAlert($token: String!) {
      confirmJobAlert(token: $token) {
        label
        searchPath
        wasConfirmed
      }
    }
  `,
);

export const unsubscribeJobAlert = defineOperation(
  'unsubscribeJobAlert',
  /* GraphQL */ `
    mutation unsubscribeJobAlert($token: String!) {
      unsubscribeJobAlert(token: $token) {
        label
      }
    }
  `,
);

export const jobAlertOfToken = defineOperation(
  'jobAlertOfToken',
  /* GraphQL */ `
    query jobAlertOfToken($token: String!, $purpose: String!) {
      jobAlertOfToken(token: $token, purpose: $purpose) {
        label
        searchPath
        wasConfirmed
      }
    }
  `,
);
