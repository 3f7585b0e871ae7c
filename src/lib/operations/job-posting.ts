/**
 * The job form, the job manager and the moderation queue (issue 13): the operations the pages and islands
 * send. Errors of the mutations carry `extensions.fieldErrors` (form field → message in the request's
 * language) for BAD_USER_INPUT.
 */
import { defineOperation, type OperationData } from '../backend-client/index.ts';

export const jobFormOptions = defineOperation(
  'jobFormOptions',
  /* GraphQL */ `
    query jobFormOptions {
      jobFormOptions {
        jobTypes
        organizations {
          id
          name
        }
        employmentTypes {
          ...termOption
        }
        remoteOptions {
          ...termOption
        }
        occupationalFields {
          ...termOption
        }
        fieldsOfStudy {
          ...termOption
        }
        degreeLevels {
          ...termOption
        }
        yearsOfExperience {
          ...termOption
        }
        languages {
          ...termOption
        }
        skills {
          ...termOption
        }
        salaryUnits
        defaultDurationDays
        fullHtml
      }
    }

    fragment termOption on TermRef {
      tid
      slug
      label
    }
  `,
);

export type JobFormOptionsResult = OperationData<typeof jobFormOptions>['jobFormOptions'];

/** A job to edit: its form values, state, actions and history. */
export const jobForEdit = defineOperation(
  'jobForEdit',
  /* GraphQL */ `
    query jobForEdit($id: Int!) {
      job(id: $id) {
        id
        workflowState
        availableActions
        canEdit
        views
        rejectionReason
        publishedAt
        expiresAt
        url
        organization {
          id
          name
        }
        stateHistory {
          at
          from
          to
          reason
          actorName
        }
        formValues {
          jobType
          title
          linkUrl
          file
          description
          availabilityPeriod
          videoUrl
          organizationId
          logoUrl
          locations {
            addressLine1
            addressLine2
            postalCode
            locality
            administrativeArea
            countryCode
            latitude
            longitude
          }
          remoteOptionId
          employmentTypeIds
          occupationalFieldIds
          fieldOfStudyIds
          degreeLevelId
          yearsOfExperienceId
          salaryMin
          salaryMax
          currencyCode
          salaryUnit
          salaryFree
          languageIds
          languagesFree
          skillIds
          skillsFree
          publishedAt
          expiresAt
          durationDays
          applicationWorkflow
          applicationEmails
          applicationLink
          applicationRequireCv
          applicationRequireCoverLetter
          applicationRequireQualifyingQuestions
          applicationQualifyingQuestions {
            question
            required
          }
          language
        }
      }
    }
  `,
);

export type JobForEdit = NonNullable<OperationData<typeof jobForEdit>['job']>;

export const managedJobs = defineOperation(
  'managedJobs',
  /* GraphQL */ `
    query managedJobs($organizationId: Int, $state: JobState, $page: Int) {
      managedJobs(organizationId: $organizationId, state: $state, page: $page) {
        total
        pageSize
        jobs {
          id
          title
          jobType
          workflowState
          url
          publishedAt
          expiresAt
          isExpired
          createdAt
          updatedAt
          views
          canEdit
          availableActions
          rejectionReason
          organization {
            id
            name
          }
        }
      }
    }
  `,
);

export const setOrganizationTrusted = defineOperation(
  'setOrganizationTrusted',
  /* GraphQL */ `
    mutation setOrganizationTrusted($organizationId: Int!, $trusted: Boolean!) {
      setOrganizationTrusted(organizationId: $organizationId, trusted: $trusted) {
        id
        trusted
      }
    }
  `,
);

export type ManagedJob = OperationData<typeof managedJobs>['managedJobs']['jobs'][number];

export const moderationQueue = defineOperation(
  'moderationQueue',
  /* GraphQL */ `
    query moderationQueue($states: [JobState!], $page: Int) {
      moderationQueue(states: $states, page: $page) {
        total
        pageSize
        jobs {
          id
          workflowState
          updatedAt
          title
          jobType
          url
          organization {
            id
            name
            trusted
          }
        }
      }
    }
  `,
);

export const createJob = defineOperation(
  'createJob',
  /* GraphQL */ `
    mutation createJob($input: JobInput!, $publish: Boolean) {
      createJob(input: $input, publish: $publish) {
        id
        workflowState
        availableActions
        url
      }
    }
  `,
);

export const updateJob = defineOperation(
  'updateJob',
  /* GraphQL */ `
    mutation updateJob($id: Int!, $input: JobInput!, $publish: Boolean) {
      updateJob(id: $id, input: $input, publish: $publish) {
        id
        workflowState
        availableActions
        url
      }
    }
  `,
);

export const duplicateJob = defineOperation(
  'duplicateJob',
  /* GraphQL */ `
    mutation duplicateJob($id: Int!) {
      duplicateJob(id: $id) {
        id
        workflowState
        availableActions
        url
      }
    }
  `,
);

export const changeJobState = defineOperation(
  'changeJobState',
  /* GraphQL */ `
    mutation changeJobState($id: Int!, $action: JobStateAction!, $expiresAt: String) {
      changeJobState(id: $id, action: $action, expiresAt: $expiresAt) {
        id
        workflowState
        availableActions
        url
      }
    }
  `,
);

export const approveJob = defineOperation(
  'approveJob',
  /* GraphQL */ `
    mutation approveJob($id: Int!) {
      approveJob(id: $id) {
        id
        workflowState
        availableActions
        url
      }
    }
  `,
);

export const rejectJob = defineOperation(
  'rejectJob',
  /* GraphQL */ `
    mutation rejectJob($id: Int!, $reason: String!) {
      rejectJob(id: $id, reason: $reason) {
        id
        workflowState
        availableActions
        url
      }
    }
  `,
);
