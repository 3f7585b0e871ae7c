/** The backend operations of the organization pages (issue 15): the organization search. */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const searchOrganizations = defineOperation(
  'searchOrganizations',
  /* GraphQL */ `
    query searchOrganizations($input: OrganizationSearchInput!) {
      searchOrganizations(input: $input) {
        total
        page
        pageSize
        items {
          distanceKm
          organization {
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

export type OrganizationSearchResult = OperationData<typeof searchOrganizations>['searchOrganizations'];
export type OrganizationSearchHit = OrganizationSearchResult['items'][number];
