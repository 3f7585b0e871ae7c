/**
 * The ONE blog post schema (issue 19), shared by the staff's post form (its zod resolver) and the blog
 * services (parseInput). Pure data and zod: no server code, so islands may import it. Error messages are
 * message keys (src/i18n), so the form and the API answer in the visitor's language.
 */
import { z } from 'zod';
import { jobCategories } from '../job-categories.ts';

export const blogLimits = {
  title: 200,
  slug: 120,
  teaser: 500,
  author: 120,
  /** Sanitised HTML of the body; generous, as markup counts. */
  body: 200_000,
  tags: 10,
  tag: 40,
  /** An uploaded image (JPEG, PNG or WebP) before it is re-encoded. */
  imageBytes: 10 * 1024 * 1024,
  /** Posts on one page of a listing (issue 19). */
  perPage: 10,
} as const;

/** SPEC section 9: teaser images are 1000 by 500. */
export const blogImageSize = { width: 1000, height: 500 } as const;

/** A tag: lowercase words joined by hyphens, so that it is its own URL segment. */
export const blogTagPattern = /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u;
export const blogSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const categorySlugs: readonly string[] = jobCategories.map((category) => category.slug);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'blog.error.tooLong' })
    .transform((value) => (value === '' ? null : value))
    .nullish();

export const blogPostInputSchema = z.object({
  title: z.string().trim().min(1, { error: 'blog.error.titleRequired' }).max(blogLimits.title, {
    error: 'blog.error.tooLong',
  }),
  /** The post's path segment; made from the title when empty. */
  slug: z
    .string()
    .trim()
    .max(blogLimits.slug, { error: 'blog.error.tooLong' })
    .refine((value) => value === '' || blogSlugPattern.test(value), { error: 'blog.error.slugInvalid' })
    .nullish(),
  teaser: optionalText(blogLimits.teaser),
  author: optionalText(blogLimits.author),
  bodyHtml: z.string().max(blogLimits.body, { error: 'blog.error.tooLong' }).nullish(),
  imageUrl: z
    .string()
    .regex(/^\/media\/blog\/[0-9a-f]{32}\.webp$/, { error: 'blog.error.imageInvalid' })
    .nullish(),
  category: z
    .string()
    .refine((value) => value === '' || categorySlugs.includes(value), { error: 'blog.error.categoryInvalid' })
    .transform((value) => (value === '' ? null : value))
    .nullish(),
  tags: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(blogLimits.tag, { error: 'blog.error.tooLong' })
        .regex(blogTagPattern, { error: 'blog.error.tagInvalid' }),
    )
    .max(blogLimits.tags, { error: 'blog.error.tooManyTags' })
    .nullish(),
  /** draft: not public; publish: public from publishAt (now when empty; a future time schedules it). */
  status: z.enum(['draft', 'publish'], { error: 'blog.error.statusInvalid' }),
  publishAt: z.coerce.date({ error: 'blog.error.dateInvalid' }).nullish(),
});

export type BlogPostInput = z.input<typeof blogPostInputSchema>;

/** Tags typed as one comma-separated field ("bewerbung, karriere") as the schema's list. */
export function tagsOfText(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '-'))
    .filter((tag) => tag !== '');
}

/** Reading time at 200 words a minute, at least one minute. */
export function readingMinutesOf(text: string): number {
  const words = text.split(/\s+/).filter((word) => word !== '').length;
  return Math.max(1, Math.round(words / 200));
}

/** The site paths of the blog (internal paths, before locale prefix). */
export const blogPaths = {
  index: '/blog',
  post: (slug: string) => `/blog/${slug}`,
  category: (slug: string) => `/blog/category/${slug}`,
  tag: (tag: string) => `/blog/tag/${encodeURIComponent(tag)}`,
  feed: '/blog/feed.xml',
} as const;
