import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import { addBookmarks, bookmarkedJobIds, listBookmarks, removeBookmark } from './bookmarks.ts';

/** Bookmarks of the signed-in viewer on the request's brand (issue 14). */
export const bookmarksModule: GraphQLModule = {
  typeDefs: gql`
    "A job the viewer keeps; the job may since have been archived or expired."
    type Bookmark {
      jobId: Int!
      title: String!
      organizationName: String!
      "The job's path alias, else /job/<id>."
      url: String!
      "Published and not expired: false shows as no longer available."
      isAvailable: Boolean!
      createdAt: DateTime!
    }

    extend type Query {
      "The viewer's bookmarks on this brand, newest first (sign-in required)."
      bookmarks: [Bookmark!]!
      "Which of these jobs (at most 100) the viewer has bookmarked; empty for anonymous viewers."
      bookmarkedJobIds(jobIds: [Int!]!): [Int!]!
    }

    extend type Mutation {
      "Keeps a job (sign-in required); records job_bookmark. Returns the job ids now bookmarked."
      addBookmark(jobId: Int!): [Int!]!
      "Keeps the jobs a browser kept before sign-in (at most 100; jobs no longer public are skipped)."
      saveBookmarks(jobIds: [Int!]!): [Int!]!
      "Removes the viewer's bookmark of a job; true when there was one."
      removeBookmark(jobId: Int!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      bookmarks: (_parent, _args, context: GraphQLContext) =>
        listBookmarks({ ...serviceOptionsOf(context), loaders: context.loaders }),
      bookmarkedJobIds: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        bookmarkedJobIds({ ...serviceOptionsOf(context), jobIds: args.jobIds }),
    },
    Mutation: {
      addBookmark: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        addBookmarks({ ...serviceOptionsOf(context), jobIds: [args.jobId] }),
      saveBookmarks: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        addBookmarks({ ...serviceOptionsOf(context), jobIds: args.jobIds }),
      removeBookmark: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        removeBookmark({ ...serviceOptionsOf(context), jobId: args.jobId }),
    },
  },
};
