/**
 * Reading the blog (issue 19): a brand's published posts (publication time reached: drafts have none,
 * scheduled ones lie in the future), newest first, 10 a page, all of them or those of a category or tag;
 * one post by its slug with related posts; and, for staff, every post with drafts and scheduled ones.
 *
 * A scheduled post becomes visible by this query-time filter the moment its time comes; the page cache
 * learns that moment from `nextTimeDrivenChange` (src/server/page-cache/content-version.ts).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { blogLimits } from '../../../lib/blog/blog-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { blogPosts, type BlogPost } from '../../db/schema/content.ts';
import { parseInput } from '../../validation.ts';
import { requireStaff } from '../job-posting/job-access.ts';

export interface BlogPostList {
  posts: BlogPost[];
  totalCount: number;
  page: number;
  pageCount: number;
}

/** The posts of a brand (each brand has its own blog). */
export function isPostOfBrand(brandId: string): SQL {
  return eq(blogPosts.frontend, brandId as BrandId);
}

/** Published: a publication time that has come (drafts have none, scheduled posts one in the future). */
export function isPublishedPost(): SQL {
  return sql`${blogPosts.publishedAt} is not null and ${blogPosts.publishedAt} <= now()`;
}

const pageInput = {
  first: z
    .number()
    .int()
    .min(1, { error: 'first must be between 1 and 50' })
    .max(50, { error: 'first must be between 1 and 50' })
    .nullish(),
  page: z.number().int().min(1, { error: 'page must be 1 or more' }).max(10_000).nullish(),
};

const listInput = z.object({
  ...pageInput,
  category: z.string().max(100).nullish(),
  tag: z.string().max(100).nullish(),
});

async function listPage(db: Database, where: SQL | undefined, first: number, page: number): Promise<BlogPostList> {
  const rows = await db
    .select({ post: blogPosts, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(blogPosts)
    .where(where)
    .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.id))
    .limit(first)
    .offset((page - 1) * first);
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page the window count has no row to ride on.
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(blogPosts)
      .where(where);
    totalCount = counted?.total ?? 0;
  }
  return { posts: rows.map((row) => row.post), totalCount, page, pageCount: Math.ceil(totalCount / first) };
}

/**
 * The brand's published posts, newest first: `first` (10 by default) of page `page`, only those of a
 * category (a job category's slug) or carrying a tag when named. A brand without a blog has none.
 */
export async function listBlogPosts(options: { db: Database; brand: Brand; input: unknown }): Promise<BlogPostList> {
  const input = parseInput(listInput, options.input);
  const first = input.first ?? blogLimits.perPage;
  const page = input.page ?? 1;
  if (!options.brand.features.blog) return { posts: [], totalCount: 0, page, pageCount: 0 };
  const where = and(
    isPostOfBrand(options.brand.id),
    isPublishedPost(),
    input.category ? eq(blogPosts.category, input.category) : undefined,
    input.tag ? sql`${input.tag} = any(${blogPosts.tags})` : undefined,
  );
  return listPage(options.db, where, first, page);
}

/** Staff: every post of the brand, drafts (first) and scheduled ones included. */
export async function listBlogPostsForStaff(options: {
  db: Database;
  brand: Brand;
  viewer: Viewer;
  locale: Locale;
  input: unknown;
}): Promise<BlogPostList> {
  requireStaff(options.viewer, options.locale);
  const input = parseInput(z.object(pageInput), options.input);
  return listPage(options.db, isPostOfBrand(options.brand.id), input.first ?? 20, input.page ?? 1);
}

/** A published post of the brand by its slug; null for drafts, scheduled posts, other brands' and unknown slugs. */
export async function getBlogPost(options: { db: Database; brand: Brand; input: unknown }): Promise<BlogPost | null> {
  const { slug } = parseInput(z.object({ slug: z.string().max(200) }), options.input);
  if (!options.brand.features.blog) return null;
  const [post] = await options.db
    .select()
    .from(blogPosts)
    .where(and(isPostOfBrand(options.brand.id), eq(blogPosts.slug, slug), isPublishedPost()));
  return post ?? null;
}

/** Staff: any post of the brand by id (for the editor). */
export async function getBlogPostForEdit(options: {
  db: Database;
  brand: Brand;
  viewer: Viewer;
  locale: Locale;
  input: unknown;
}): Promise<BlogPost | null> {
  requireStaff(options.viewer, options.locale);
  const { id } = parseInput(z.object({ id: z.number().int().positive() }), options.input);
  const [post] = await options.db
    .select()
    .from(blogPosts)
    .where(and(isPostOfBrand(options.brand.id), eq(blogPosts.id, id)));
  return post ?? null;
}

/** Other published posts of the same category or with a shared tag, newest first. */
export async function listRelatedBlogPosts(options: {
  db: Database;
  brandId: string;
  post: BlogPost;
  limit: number;
}): Promise<BlogPost[]> {
  const { post } = options;
  const related = [
    post.category ? eq(blogPosts.category, post.category) : undefined,
    post.tags.length > 0 ? sql`${blogPosts.tags} && ${sql.param(post.tags)}::text[]` : undefined,
  ].filter((condition) => condition !== undefined);
  if (related.length === 0) return [];
  return options.db
    .select()
    .from(blogPosts)
    .where(
      and(
        isPostOfBrand(options.brandId),
        isPublishedPost(),
        sql`${blogPosts.id} <> ${post.id}`,
        sql`(${sql.join(related, sql` or `)})`,
      ),
    )
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(Math.min(Math.max(options.limit, 1), 10));
}
