import { defineOperation } from '../backend-client/index.ts';

export interface Metatag {
  meta: string;
  value: string;
}

export type RouteInfo =
  | { __typename: 'RouteError'; code: number; reason: string }
  | { __typename: 'RouteRedirect'; code: number; target: string }
  | {
      __typename: 'RouteContent';
      kind: 'Job' | 'LandingPage' | 'OrganizationProfile';
      id: number;
      metatags: Metatag[];
    };

export const getRoutInfo = defineOperation<{ getRoutInfo: RouteInfo }, { slug: string; language?: string | null }>(
  'getRoutInfo',
  `query getRoutInfo($slug: String!, $language: String) {
    getRoutInfo(slug: $slug, language: $language) {
      __typename
      ... on RouteError { code reason }
      ... on RouteRedirect { code target }
      ... on RouteContent { kind id metatags { meta value } }
    }
  }`,
);

export const getMetatags = defineOperation<{ getMetatags: Metatag[] }, { slug: string; language?: string | null }>(
  'getMetatags',
  `query getMetatags($slug: String!, $language: String) {
    getMetatags(slug: $slug, language: $language) { meta value }
  }`,
);

export interface LandingPage {
  id: number;
  path: string;
  title: string;
  introHtml: string;
  categorySlug: string | null;
  locality: string | null;
  region: string | null;
  language: string;
}

export const getLandingPage = defineOperation<{ landingPage: LandingPage | null }, { id: number }>(
  'landingPage',
  `query landingPage($id: Int!) {
    landingPage(id: $id) { id path title introHtml categorySlug locality region language }
  }`,
);
