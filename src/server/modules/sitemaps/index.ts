import { gql, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import {
  listSitemapEntries,
  listSitemapSections,
  maxSitemapEntriesPerPage,
  sitemapKindValues,
} from './list-sitemap-entries.ts';

/** Sitemaps (issue 19): the indexable URLs of the request's brand, per kind, split into files, paged by id. */
export const sitemapsModule: GraphQLModule = {
  typeDefs: gql`
    "A kind of content with a sitemap of its own."
    enum SitemapKind {
      ${sitemapKindValues.join('\n')}
    }

    "One sitemap file: the ids of its first and last URL, how many URLs and their newest change."
    type SitemapChunk {
      firstId: Int!
      lastId: Int!
      count: Int!
      lastModified: DateTime
    }

    type SitemapSection {
      kind: SitemapKind!
      "The files of the kind (none when it has no indexable URL), at most 50,000 URLs each."
      chunks: [SitemapChunk!]!
    }

    "The same content in another locale: its internal path (before locale prefix and route translation)."
    type SitemapAlternate {
      locale: String!
      path: String!
    }

    type SitemapEntry {
      id: Int!
      "Internal path of the page in the sitemap's locale."
      path: String!
      lastModified: DateTime
      "Every locale of a multilingual brand, for hreflang; empty otherwise."
      alternates: [SitemapAlternate!]!
    }

    type SitemapEntryPage {
      entries: [SitemapEntry!]!
      "How many of the file's rows this page read (URLs marked noindex are read, not listed)."
      scanned: Int!
      "Pass as after for the next page; null when the kind has no more."
      nextAfter: Int
    }

    extend type Query {
      "The sitemap files of the request's brand in a locale (the request's when none is named), of every kind or those named."
      sitemapSections(locale: String, kinds: [SitemapKind!]): [SitemapSection!]!
      "The next indexable URLs of a kind after the id after (from the start of file page when after is null), in id order, at most first (up to ${String(maxSitemapEntriesPerPage)})."
      sitemapEntries(kind: SitemapKind!, locale: String, page: Int, after: Int, first: Int!): SitemapEntryPage!
    }
  `,
  resolvers: {
    Query: {
      sitemapSections: (_parent, args: ResolverArgs, context) =>
        listSitemapSections({ db: context.db, brand: context.brand, locale: context.locale, input: args }),
      sitemapEntries: (_parent, args: ResolverArgs, context) =>
        listSitemapEntries({ db: context.db, brand: context.brand, locale: context.locale, input: args }),
    },
  },
};
