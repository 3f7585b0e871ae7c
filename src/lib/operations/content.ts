import { defineOperation, type OperationData } from '../backend-client/index.ts';

export const getJob = defineOperation(
  'job',
  /* GraphQL */ `
    query job($id: Int!) {
      job(id: $id) {
        id
        title
        jobType
        state
        description
        linkUrl
        availabilityPeriod
        organization {
          id
          name
          url
          website
          logo {
            url
            alt
          }
        }
        locations {
          address {
            countryCode
            addressLine1
            addressLine2
            administrativeArea
            locality
            postalCode
          }
          latitude
          longitude
        }
        employmentTypes {
          tid
          slug
          label
        }
        occupationalFields {
          tid
          slug
          label
        }
        remoteOption {
          tid
          slug
          label
        }
        yearsOfExperience {
          tid
          slug
          label
        }
        salary {
          min
          max
          currencyCode
          unit
        }
        publishedAt
        expiresAt
        isExpired
        isTop
        language
        url
        application {
          workflow
          emails
          link
        }
      }
    }
  `,
);

/** A job as its page shows it. */
export type JobDetail = NonNullable<OperationData<typeof getJob>['job']>;

export const getOrganizationProfile = defineOperation(
  'organizationProfile',
  /* GraphQL */ `
    query organizationProfile($id: Int, $path: String) {
      organizationProfile(id: $id, path: $path) {
        id
        name
        presentation
        url
        website
        size
        openJobCount
        industry {
          tid
          slug
          label
        }
        benefits {
          tid
          slug
          label
        }
        logo {
          url
          alt
        }
        address {
          countryCode
          addressLine1
          addressLine2
          administrativeArea
          locality
          postalCode
        }
        contactPersons {
          firstName
          lastName
          position
          email
          phone
        }
        faq {
          question
          answer
        }
      }
    }
  `,
);

/** An organization as its profile page shows it. */
export type OrganizationDetail = NonNullable<OperationData<typeof getOrganizationProfile>['organizationProfile']>;

export const getOrganizationName = defineOperation(
  'organizationName',
  /* GraphQL */ `
    query organizationName($id: Int!) {
      organizationProfile(id: $id) {
        name
      }
    }
  `,
);

export const getSimilarJobs = defineOperation(
  'similarJobs',
  /* GraphQL */ `
    query similarJobs($jobId: Int!, $limit: Int) {
      similarJobs(jobId: $jobId, limit: $limit) {
        id
        title
        url
        organization {
          name
        }
        locations {
          address {
            locality
          }
        }
      }
    }
  `,
);

/** A similar job as the teaser below a job shows it. */
export type JobTeaser = OperationData<typeof getSimilarJobs>['similarJobs'][number];
