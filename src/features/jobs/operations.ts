import { defineOperation } from '../../lib/backend-client/index.ts';

/**
 * The PDF of a job_per_file ad (SPEC section 5: ≤ 50 MB, checked by its magic bytes on the server), sent
 * as a GraphQL multipart request (SPEC section 7: operations, map and the file) before the job is saved;
 * the answered token goes into the job's `file` field.
 */
export const uploadJobFile = defineOperation(
  'uploadJobFile',
  /* GraphQL */ `
    mutation uploadJobFile($organizationId: Int!, $file: File!) {
      uploadJobFile(organizationId: $organizationId, file: $file) {
        file
        fileName
        size
      }
    }
  `,
);

/** A view of a job's page, counted for the job manager (the page's view beacon, /api/job-views/{id}). */
export const recordJobView = defineOperation(
  'recordJobView',
  /* GraphQL */ `
    mutation recordJobView($jobId: Int!) {
      recordJobView(jobId: $jobId)
    }
  `,
);
