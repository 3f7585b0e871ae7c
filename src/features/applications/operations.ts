import { defineOperation } from '../../lib/backend-client/index.ts';

/**
 * Job applications (issue 14): the quick apply island's operations, the dashboards' lists and the link
 * job's tracked redirect. Errors of the mutations carry `extensions.fieldErrors` (island field → message in
 * the request's language) for BAD_USER_INPUT and for an earlier application (CONFLICT, on `email`).
 */
export const applicationForm = defineOperation(
  'applicationForm',
  /* GraphQL */ `
    query applicationForm($jobId: Int!) {
      applicationForm(jobId: $jobId) {
        jobId
        title
        organizationName
        workflow
        requireCv
        requireCoverLetter
        questions {
          question
          required
        }
        blocker
        appliedAt
        prefill {
          firstName
          lastName
          email
        }
      }
    }
  `,
);

export const startJobApplication = defineOperation(
  'startJobApplication',
  /* GraphQL */ `
    mutation startJobApplication($jobId: Int!) {
      startJobApplication(jobId: $jobId)
    }
  `,
);

/** Sent as a GraphQL multipart request (SPEC section 7: operations, map and the file). */
export const uploadApplicationFile = defineOperation(
  'uploadApplicationFile',
  /* GraphQL */ `
    mutation uploadApplicationFile($jobId: Int!, $kind: String!, $file: File!) {
      uploadApplicationFile(jobId: $jobId, kind: $kind, file: $file) {
        file
        fileName
        size
      }
    }
  `,
);

export const submitApplication = defineOperation(
  'submitApplication',
  /* GraphQL */ `
    mutation submitApplication($input: ApplicationInput!) {
      submitApplication(input: $input) {
        id
        createdAt
        created
      }
    }
  `,
);

export const myApplications = defineOperation(
  'myApplications',
  /* GraphQL */ `
    query myApplications {
      myApplications {
        id
        jobId
        jobTitle
        jobUrl
        organizationName
        createdAt
        status
        firstName
        lastName
        email
        phone
        answers {
          question
          answer
        }
        files {
          id
          kind
          fileName
          mimeType
          size
          url
        }
      }
    }
  `,
);

export const receivedApplications = defineOperation(
  'receivedApplications',
  /* GraphQL */ `
    query receivedApplications($page: Int, $jobId: Int) {
      receivedApplications(page: $page, jobId: $jobId) {
        applications {
          id
          jobId
          jobTitle
          jobUrl
          organizationName
          createdAt
          status
          firstName
          lastName
          email
          phone
          answers {
            question
            answer
          }
          files {
            id
            kind
            fileName
            mimeType
            size
            url
          }
        }
        total
        pageSize
      }
    }
  `,
);

export const markApplication = defineOperation(
  'markApplication',
  /* GraphQL */ `
    mutation markApplication($id: Int!, $status: ApplicationStatus!) {
      markApplication(id: $id, status: $status) {
        id
        status
      }
    }
  `,
);

export const openOriginalAd = defineOperation(
  'openOriginalAd',
  /* GraphQL */ `
    mutation openOriginalAd($jobId: Int!) {
      openOriginalAd(jobId: $jobId)
    }
  `,
);
