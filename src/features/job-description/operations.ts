import { defineOperation } from '../../lib/backend-client/index.ts';

/** Whether the job form offers "Generate description" to this viewer (SPEC section 9). */
export const jobDescriptionAvailable = defineOperation(
  'jobDescriptionAvailable',
  /* GraphQL */ `
    query jobDescriptionAvailable {
      jobDescriptionAvailable
    }
  `,
);

/** An AI draft of a job description, piece by piece (POST /api/job-description streams it to the form). */
export const jobDescriptionDraft = defineOperation(
  'jobDescriptionDraft',
  /* GraphQL */ `
    subscription jobDescriptionDraft($input: JobDescriptionInput!) {
      jobDescriptionDraft(input: $input) {
        text
      }
    }
  `,
);
