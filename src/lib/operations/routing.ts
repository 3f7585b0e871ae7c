import { defineOperation, type OperationData } from '../backend-client/index.ts';

export const getRoutInfo = defineOperation(
  'getRoutInfo',
  /* GraphQL */ `
    query getRoutInfo($slug: String!, $language: String) {
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
        }
      }
    }
  `,
);

/** What a path is: an error, a redirect or content, told apart by `__typename`. */
export type RouteInfo = OperationData<typeof getRoutInfo>['getRoutInfo'];

export const getMetatags = defineOperation(
  'getMetatags',
  /* GraphQL */ `
    query getMetatags($slug: String!, $language: String) {
      getMetatags(slug: $slug, language: $language) {
        meta
        value
      }
    }
  `,
);

/** A meta tag of a page head. */
export type Metatag = OperationData<typeof getMetatags>['getMetatags'][number];

export const getLandingPage = defineOperation(
  'landingPage',
  /* GraphQL */ `
    query landingPage($id: Int!) {
      landingPage(id: $id) {
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
  `,
);

export type LandingPage = NonNullable<OperationData<typeof getLandingPage>['landingPage']>;
