import { defineOperation, type OperationData } from '../backend-client/index.ts';
import type { JobDetailFragment, JobTeaserFragment, OrganizationDetailFragment } from './generated/types.ts';

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
          viewable
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

/** A job as its page shows it (the same fields as the route page's JobDetail). */
export type JobDetail = JobDetailFragment;

export const getOrganizationProfile = defineOperation(
  'organizationProfile',
  /* GraphQL */ `
    query organizationProfile($id: Int, $path: String) {
      organizationProfile(id: $id, path: $path) {
        id
        name
        canEdit
        alternativeName
        presentation
        url
        website
        size
        published
        coverUrl
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
        occupations {
          tid
          slug
          label
        }
        fieldsOfStudy {
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
        socialProfiles {
          facebook
          twitter
          linkedin
          youtube
          xing
          instagram
          tiktok
          blueSky
        }
        locations {
          id
          name
          address {
            addressLine1
            locality
            postalCode
            countryCode
          }
        }
        contactPersons {
          id
          salutation
          firstName
          lastName
          photo
          position
          email
          phone
          linkedinProfile
        }
        gallery {
          id
          url
          alt
          title
        }
        videos {
          id
          cover
          coverTitle
          source
        }
        faq {
          id
          question
          answer
        }
        attachments {
          id
          fileName
          mimeType
          size
          url
        }
        openJobs(limit: 10) {
          total
          jobs {
            id
            title
            url
            locations {
              address {
                locality
              }
            }
          }
        }
      }
    }
  `,
);

/** An organization as its profile page shows it (the same fields as the route page's OrganizationDetail). */
export type OrganizationDetail = OrganizationDetailFragment;

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
        expiresAt
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
export type JobTeaser = JobTeaserFragment;

/**
 * Everything a page reached by its path shows, in one operation (one pass through the backend, whose
 * per-request loaders then read the fields of the job and of its similar jobs together): the route lookup
 * and, by the kind of content, the job with its similar jobs, the organization profile or the landing
 * page. The fields of other kinds answer null without reading anything.
 */
export const getRoutePage = defineOperation(
  'routePage',
  /* GraphQL */ `
    query routePage($slug: String!, $language: String) {
      getRoutInfo(slug: $slug, language: $language) {
        __typename
        ... on RouteError {
          code
          reason
        }
        ... on RouteRedirect {
          code
          target
        }
        ... on RouteContent {
          kind
          id
          metatags {
            meta
            value
          }
          job {
            ...JobDetail
          }
          similarJobs(limit: 4) {
            ...JobTeaser
          }
          organizationProfile {
            ...OrganizationDetail
          }
          landingPage {
            id
            path
            title
            introHtml
            categorySlug
            locality
            region
            language
          }
        }
      }
    }

    fragment JobDetail on Job {
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
        viewable
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

    fragment JobTeaser on Job {
      id
      title
      url
      expiresAt
      organization {
        name
      }
      locations {
        address {
          locality
        }
      }
    }

    fragment OrganizationDetail on OrganizationProfile {
      id
      name
      canEdit
      alternativeName
      presentation
      url
      website
      size
      published
      coverUrl
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
      occupations {
        tid
        slug
        label
      }
      fieldsOfStudy {
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
      socialProfiles {
        facebook
        twitter
        linkedin
        youtube
        xing
        instagram
        tiktok
        blueSky
      }
      locations {
        id
        name
        address {
          addressLine1
          locality
          postalCode
          countryCode
        }
      }
      contactPersons {
        id
        salutation
        firstName
        lastName
        photo
        position
        email
        phone
        linkedinProfile
      }
      gallery {
        id
        url
        alt
        title
      }
      videos {
        id
        cover
        coverTitle
        source
      }
      faq {
        id
        question
        answer
      }
      attachments {
        id
        fileName
        mimeType
        size
        url
      }
      openJobs(limit: 10) {
        total
        jobs {
          id
          title
          url
          locations {
            address {
              locality
            }
          }
        }
      }
    }
  `,
);

/** What a path shows, by the route lookup, with the content of its kind. */
export type RoutePage = OperationData<typeof getRoutePage>['getRoutInfo'];

/**
 * A job reached without a stored alias (/job/<id>) with its similar jobs, in one operation: the fields of
 * JobDetail and JobTeaser (a document cannot use another's fragments).
 */
export const getJobById = defineOperation(
  'jobById',
  /* GraphQL */ `
    query jobById($id: Int!) {
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
          viewable
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
      similarJobs(jobId: $id, limit: 4) {
        id
        title
        url
        expiresAt
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
