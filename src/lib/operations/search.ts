import { defineOperation, type OperationData } from '../backend-client/index.ts';

export const searchJobs = defineOperation(
  'searchJobs',
  /* GraphQL */ `
    query searchJobs($input: JobSearchInput!) {
      searchJobs(input: $input) {
        total
        page
        pageSize
        items {
          distanceKm
          job {
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
        }
        facets {
          field
          values {
            value
            label
            count
          }
        }
      }
    }
  `,
);

export type JobSearchResult = OperationData<typeof searchJobs>['searchJobs'];
/** One hit; `distanceKm` is the distance to the job's nearest location when a location is searched. */
export type JobSearchHit = JobSearchResult['items'][number];
export type JobSearchItem = JobSearchHit['job'];
export type Facet = JobSearchResult['facets'][number];
export type FacetValue = Facet['values'][number];

export const locationSuggestions = defineOperation(
  'locationSuggestions',
  /* GraphQL */ `
    query locationSuggestions($query: String!, $limit: Int) {
      locationSuggestions(query: $query, limit: $limit) {
        label
        lat
        lon
        locationType
        country
        administrativeArea
      }
    }
  `,
);

/** One hit of the `locationSuggestions` query. */
export type LocationSuggestion = OperationData<typeof locationSuggestions>['locationSuggestions'][number];

export const locationAlternatives = defineOperation(
  'locationAlternatives',
  /* GraphQL */ `
    query locationAlternatives($query: String!, $limit: Int) {
      locationAlternatives(query: $query, limit: $limit) {
        reason
        places {
          label
          lat
          lon
          locationType
          country
          administrativeArea
        }
      }
    }
  `,
);

/** Places of the brand's area offered for a place that was not found (`reason`: outside_area or unknown). */
export type LocationAlternatives = OperationData<typeof locationAlternatives>['locationAlternatives'];
