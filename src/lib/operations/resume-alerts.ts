import { defineOperation, type OperationData } from '../backend-client/index.ts';

/** Resume alerts (issue 17 part 5): a recruiter's saved resume searches. Errors carry `extensions.fieldErrors`. */

export const resumeAlerts = defineOperation(
  'resumeAlerts',
  /* GraphQL */ `
    query resumeAlerts {
      resumeAlerts {
        id
        label
        searchPath
        frequency
        createdAt
        nextDigestAt
      }
    }
  `,
);

export const resumeAlert = defineOperation(
  'resumeAlert',
  /* GraphQL */ `
    query resumeAlert($id: Int!) {
      resumeAlert(id: $id) {
        id
        label
        searchPath
        frequency
        createdAt
        nextDigestAt
      }
    }
  `,
);

export const createResumeAlert = defineOperation(
  'createResumeAlert',
  /* GraphQL */ `
    mutation createResumeAlert($input: CreateResumeAlertInput!) {
      createResumeAlert(input: $input) {
        id
        label
        searchPath
        frequency
        createdAt
        nextDigestAt
      }
    }
  `,
);

export const updateResumeAlert = defineOperation(
  'updateResumeAlert',
  /* GraphQL */ `
    mutation updateResumeAlert($id: Int!, $input: UpdateResumeAlertInput!) {
      updateResumeAlert(id: $id, input: $input) {
        id
        label
        searchPath
        frequency
        createdAt
        nextDigestAt
      }
    }
  `,
);

export const deleteResumeAlert = defineOperation(
  'deleteResumeAlert',
  /* GraphQL */ `
    mutation deleteResumeAlert($id: Int!) {
      deleteResumeAlert(id: $id)
    }
  `,
);

export const unsubscribeResumeAlert = defineOperation(
  'unsubscribeResumeAlert',
  /* GraphQL */ `
    mutation unsubscribeResumeAlert($token: String!) {
      unsubscribeResumeAlert(token: $token)
    }
  `,
);

export type ResumeAlert = OperationData<typeof resumeAlerts>['resumeAlerts'][number];
