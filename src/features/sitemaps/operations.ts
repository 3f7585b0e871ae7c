import { defineOperation } from '../../lib/backend-client/index.ts';

/** The sitemap files of the brand in a locale: per kind, the id ranges of at most 50,000 URLs. */
export const sitemapSections = defineOperation(
  'sitemapSections',
  /* GraphQL */ `
    query sitemapSections($locale: String, $kinds: [SitemapKind!]) {
      sitemapSections(locale: $locale, kinds: $kinds) {
        kind
        chunks {
          firstId
          lastId
          count
          lastModified
        }
      }
    }
  `,
);

/** One page of a sitemap file's URLs. */
export const sitemapEntries = defineOperation(
  'sitemapEntries',
  /* GraphQL */ `
    query sitemapEntries($kind: SitemapKind!, $locale: String, $page: Int, $after: Int, $first: Int!) {
      sitemapEntries(kind: $kind, locale: $locale, page: $page, after: $after, first: $first) {
        entries {
          path
          lastModified
          alternates {
            locale
            path
          }
        }
        scanned
        nextAfter
      }
    }
  `,
);
