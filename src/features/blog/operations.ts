/** The backend operations of the blog (issue 19): its pages, its feed and the staff's editor. */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

/** Published posts newest first: a page of the blog, of a category or of a tag; also the home page's latest posts. */
export const listBlogPosts = defineOperation(
  'blogPosts',
  /* GraphQL */ `
    query blogPosts($first: Int, $page: Int, $category: String, $tag: String) {
      blogPosts(first: $first, page: $page, category: $category, tag: $tag) {
        totalCount
        page
        pageCount
        posts {
          id
          slug
          title
          url
          excerpt
          imageUrl
          author
          publishedAt
          updatedAt
          category {
            slug
            label
            url
          }
        }
      }
    }
  `,
);

export const getBlogPost = defineOperation(
  'blogPost',
  /* GraphQL */ `
    query blogPost($slug: String!) {
      blogPost(slug: $slug) {
        id
        slug
        title
        url
        excerpt
        imageUrl
        author
        publishedAt
        updatedAt
        category {
          slug
          label
          url
        }
        teaser
        bodyHtml
        readingMinutes
        language
        tags {
          name
          url
        }
        related(limit: 3) {
          id
          slug
          title
          url
          excerpt
          imageUrl
          author
          publishedAt
          updatedAt
          category {
            slug
            label
            url
          }
        }
        relatedJobs(limit: 4) {
          id
          title
          url
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
    }
  `,
);

/** The feed: the newest published posts with their bodies. */
export const getBlogFeed = defineOperation(
  'blogFeed',
  /* GraphQL */ `
    query blogFeed($first: Int) {
      blogPosts(first: $first) {
        posts {
          id
          slug
          title
          url
          excerpt
          imageUrl
          author
          publishedAt
          updatedAt
          category {
            slug
            label
            url
          }
          bodyHtml
        }
      }
    }
  `,
);

export const listStaffBlogPosts = defineOperation(
  'staffBlogPosts',
  /* GraphQL */ `
    query staffBlogPosts($page: Int) {
      staffBlogPosts(first: 50, page: $page) {
        totalCount
        page
        pageCount
        posts {
          id
          title
          url
          status
          publishedAt
          updatedAt
        }
      }
    }
  `,
);

export const getBlogPostForEdit = defineOperation(
  'staffBlogPost',
  /* GraphQL */ `
    query staffBlogPost($id: Int!) {
      staffBlogPost(id: $id) {
        id
        slug
        title
        url
        teaser
        author
        bodyHtml
        imageUrl
        status
        publishedAt
        category {
          slug
        }
        tags {
          name
        }
      }
      blogCategories {
        slug
        label
      }
    }
  `,
);

export const listBlogCategories = defineOperation(
  'blogCategories',
  /* GraphQL */ `
    query blogCategories {
      blogCategories {
        slug
        label
      }
    }
  `,
);

export const saveBlogPost = defineOperation(
  'saveBlogPost',
  /* GraphQL */ `
    mutation saveBlogPost($id: Int, $input: BlogPostInput!) {
      saveBlogPost(id: $id, input: $input) {
        id
        slug
        title
        url
        teaser
        author
        bodyHtml
        imageUrl
        status
        publishedAt
        category {
          slug
        }
        tags {
          name
        }
      }
    }
  `,
);

export const uploadBlogImage = defineOperation(
  'uploadBlogImage',
  /* GraphQL */ `
    mutation uploadBlogImage($file: File!) {
      uploadBlogImage(file: $file) {
        url
        width
        height
      }
    }
  `,
);

export type BlogPostList = OperationData<typeof listBlogPosts>['blogPosts'];
export type BlogPostTeaser = BlogPostList['posts'][number];
export type BlogPostDetail = NonNullable<OperationData<typeof getBlogPost>['blogPost']>;
export type BlogPostForEdit = NonNullable<OperationData<typeof getBlogPostForEdit>['staffBlogPost']>;
