/** The backend operations of the home page (issues 15 and 19): its modules and the staff's picks. */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const homePage = defineOperation(
  'homePage',
  /* GraphQL */ `
    query homePage {
      homePage {
        featuredJobs {
          ...HomeJob
        }
        videoJobs {
          ...HomeJob
        }
        topJobs {
          ...HomeJob
        }
        latestJobs {
          ...HomeJob
        }
        categories {
          slug
          count
        }
        featuredOrganizations {
          ...HomeOrganization
        }
        trainingOrganizations {
          ...HomeOrganization
        }
        latestBlogPosts {
          title
          url
          teaser
          publishedAt
        }
      }
    }

    fragment HomeJob on Job {
      id
      title
      url
      isTop
      publishedAt
      organization {
        name
        url
        viewable
        logo {
          url
          alt
        }
      }
      locations {
        address {
          locality
          postalCode
        }
      }
      employmentTypes {
        label
      }
      remoteOption {
        label
      }
      salary {
        min
        max
        currencyCode
        unit
      }
    }

    fragment HomeOrganization on OrganizationProfile {
      id
      name
      url
      openJobCount
      logo {
        url
        alt
      }
      address {
        locality
      }
      industry {
        tid
        label
      }
    }
  `,
);

export type HomePageData = OperationData<typeof homePage>['homePage'];

export const homePicks = defineOperation(
  'homePicks',
  /* GraphQL */ `
    query homePicks {
      homePicks {
        module
        max
        enabled
        items {
          id
          title
        }
      }
    }
  `,
);

export const setHomePicks = defineOperation(
  'setHomePicks',
  /* GraphQL */ `
    mutation setHomePicks($module: HomePickModule!, $ids: [Int!]!) {
      setHomePicks(module: $module, ids: $ids) {
        module
        max
        enabled
        items {
          id
          title
        }
      }
    }
  `,
);
