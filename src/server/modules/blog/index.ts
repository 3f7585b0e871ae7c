import { findJobCategory, jobCategories } from '../../../lib/job-categories.ts';
import { blogPaths, readingMinutesOf } from '../../../lib/blog/blog-schema.ts';
import { metaDescriptionOf } from '../../../lib/seo.ts';
import type { BlogPost } from '../../db/schema/content.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, serviceOptionsOf, type GraphQLModule, type ResolverArgs } from '../../graphql/module.ts';
import { listLatestJobs } from '../jobs/list-latest-jobs.ts';
import {
  getBlogPost,
  getBlogPostForEdit,
  listBlogPosts,
  listBlogPostsForStaff,
  listRelatedBlogPosts,
} from './list-blog-posts.ts';
import { saveBlogPost } from './save-blog-post.ts';
import { uploadBlogImage } from './upload-blog-image.ts';

const categoryOf = (slug: string | null, context: GraphQLContext) => {
  const category = slug === null ? undefined : findJobCategory(slug);
  return category
    ? { slug: category.slug, label: category.label[context.locale], url: blogPaths.category(category.slug) }
    : null;
};

const statusOf = (post: BlogPost) =>
  post.publishedAt === null ? 'DRAFT' : post.publishedAt.getTime() > Date.now() ? 'SCHEDULED' : 'PUBLISHED';

const clamp = (value: unknown, fallback: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(Math.max(value, 1), max) : fallback;

/** The blog (issue 19): published posts for everyone, every post and their editing for staff. */
export const blogModule: GraphQLModule = {
  typeDefs: gql`
    enum BlogPostStatus {
      DRAFT
      SCHEDULED
      PUBLISHED
    }

    "A blog category: one of the job categories (its posts' related jobs come from it)."
    type BlogCategory {
      slug: String!
      label: String!
      "Internal path of the category's listing."
      url: String!
    }

    type BlogTag {
      name: String!
      url: String!
    }

    type BlogPost {
      id: Int!
      slug: String!
      title: String!
      "Internal path of the post (/blog/<slug>)."
      url: String!
      "The teaser, else the start of the body as text."
      excerpt: String!
      teaser: String
      "Sanitised HTML."
      bodyHtml: String!
      "Site path of the 1000×500 teaser image."
      imageUrl: String
      author: String
      "Null for a draft; in the future while scheduled."
      publishedAt: DateTime
      updatedAt: DateTime!
      status: BlogPostStatus!
      category: BlogCategory
      tags: [BlogTag!]!
      "Minutes to read at 200 words a minute."
      readingMinutes: Int!
      language: String!
      "Published posts of the same category or with a shared tag, newest first (1 to 10)."
      related(limit: Int = 3): [BlogPost!]!
      "Open jobs of the brand in the post's category, newest first (1 to 10)."
      relatedJobs(limit: Int = 4): [Job!]!
    }

    type BlogPostList {
      posts: [BlogPost!]!
      totalCount: Int!
      page: Int!
      pageCount: Int!
    }

    type BlogImage {
      url: String!
      width: Int!
      height: Int!
    }

    input BlogPostInput {
      title: String!
      slug: String
      teaser: String
      author: String
      bodyHtml: String
      imageUrl: String
      "A job category's slug, or empty."
      category: String
      tags: [String!]
      "draft or publish."
      status: String!
      "Publication time; a future one schedules the post (now when empty)."
      publishAt: DateTime
    }

    extend type Query {
      "Published posts of the request's brand, newest first (first 1 to 50, 10 by default), of a category or tag when named."
      blogPosts(first: Int, page: Int, category: String, tag: String): BlogPostList!
      "A published post of the request's brand; null for drafts, scheduled and unknown ones."
      blogPost(slug: String!): BlogPost
      "The categories a post may have."
      blogCategories: [BlogCategory!]!
      "Staff: every post of the brand, drafts and scheduled ones included."
      staffBlogPosts(first: Int, page: Int): BlogPostList!
      "Staff: any post of the brand by id."
      staffBlogPost(id: Int!): BlogPost
    }

    extend type Mutation {
      "Staff: creates (no id) or changes a blog post. Field errors by field."
      saveBlogPost(id: Int, input: BlogPostInput!): BlogPost!
      "Staff: uploads an image (JPEG, PNG or WebP up to 10 MB), re-encoded as a 1000×500 WebP."
      uploadBlogImage(file: File!): BlogImage!
    }
  `,
  resolvers: {
    BlogPost: {
      url: (post: BlogPost) => blogPaths.post(post.slug),
      excerpt: (post: BlogPost) => post.teaser ?? metaDescriptionOf(post.bodyHtml, 300) ?? '',
      bodyHtml: (post: BlogPost) => post.bodyHtml ?? '',
      status: statusOf,
      category: (post: BlogPost, _args: unknown, context: GraphQLContext) => categoryOf(post.category, context),
      tags: (post: BlogPost) => post.tags.map((name) => ({ name, url: blogPaths.tag(name) })),
      readingMinutes: (post: BlogPost) => readingMinutesOf(metaDescriptionOf(post.bodyHtml, 1_000_000) ?? ''),
      related: (post: BlogPost, args: ResolverArgs, context: GraphQLContext) =>
        listRelatedBlogPosts({ db: context.db, brandId: context.brand.id, post, limit: clamp(args.limit, 3, 10) }),
      relatedJobs: async (post: BlogPost, args: ResolverArgs, context: GraphQLContext) =>
        post.category === null
          ? []
          : (
              await listLatestJobs({
                db: context.db,
                brandId: context.brand.id,
                input: { limit: clamp(args.limit, 4, 10) },
                categorySlug: post.category,
              })
            ).jobs,
    },
    Query: {
      blogPosts: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        listBlogPosts({ db: context.db, brand: context.brand, input: args }),
      blogPost: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        getBlogPost({ db: context.db, brand: context.brand, input: args }),
      blogCategories: (_parent, _args: unknown, context: GraphQLContext) =>
        jobCategories.map((category) => categoryOf(category.slug, context)),
      staffBlogPosts: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        listBlogPostsForStaff({ ...serviceOptionsOf(context), input: args }),
      staffBlogPost: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        getBlogPostForEdit({ ...serviceOptionsOf(context), input: args }),
    },
    Mutation: {
      saveBlogPost: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        saveBlogPost({ ...serviceOptionsOf(context), id: args.id, input: args.input }),
      uploadBlogImage: (_parent, args: ResolverArgs, context: GraphQLContext) =>
        uploadBlogImage({ ...serviceOptionsOf(context), input: args }),
    },
  },
};
