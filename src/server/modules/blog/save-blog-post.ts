import { and, eq, ne } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { blogPostInputSchema } from '../../../lib/blog/blog-schema.ts';
import { contentLanguageOf } from '../../../i18n/index.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { blogPosts, type BlogPost } from '../../db/schema/content.ts';
import { AppError } from '../../errors.ts';
import { sanitize } from '../../html/sanitize.ts';
import { slugifyGerman } from '../../seed/slug.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal, requireStaff } from '../job-posting/job-access.ts';
import { isPostOfBrand } from './list-blog-posts.ts';

/**
 * saveBlogPost (issue 19): staff create (no id) or change a post of the request's brand. The body is
 * sanitised (staff HTML: video embeds allowed), the slug made from the title when none is given (unique per
 * brand: a made one gets a number, a chosen one that is taken is refused). A draft has no publication
 * time; publishing takes the given time (a future one schedules the post), else keeps an earlier
 * publication time, else now.
 */
export async function saveBlogPost(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  id?: unknown;
  input: unknown;
}): Promise<BlogPost> {
  const { db, viewer, brand, locale } = options;
  requireStaff(viewer, locale);
  if (!brand.features.blog) throw new AppError('NOT_FOUND', { key: 'blog.error.notFound', locale });
  const id = options.id === null || options.id === undefined ? null : Number(options.id);
  if (id !== null && !Number.isInteger(id)) throw new AppError('BAD_USER_INPUT', 'id must be a post id');
  const input = parseInput(blogPostInputSchema, options.input, { locale });

  return db.transaction(async (tx) => {
    const existing =
      id === null
        ? null
        : ((
            await tx
              .select()
              .from(blogPosts)
              .where(and(eq(blogPosts.id, id), isPostOfBrand(brand.id)))
              .for('update')
          )[0] ?? null);
    if (id !== null && !existing) throw new AppError('NOT_FOUND', { key: 'blog.error.notFound', locale });

    const slugTaken = async (slug: string) =>
      (
        await tx
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(and(isPostOfBrand(brand.id), eq(blogPosts.slug, slug), id === null ? undefined : ne(blogPosts.id, id)))
      ).length > 0;
    let slug = input.slug || existing?.slug || slugifyGerman(input.title).slice(0, 100) || 'beitrag';
    if (input.slug) {
      if (await slugTaken(slug)) throw fieldRefusal('slug', 'blog.error.slugTaken', locale);
    } else if (!existing || existing.slug !== slug) {
      const base = slug;
      for (let n = 2; await slugTaken(slug); n++) slug = `${base}-${n}`;
    }

    const publishedAt = input.status === 'draft' ? null : (input.publishAt ?? existing?.publishedAt ?? new Date());
    const values = {
      slug,
      title: input.title,
      teaser: input.teaser ?? null,
      author: input.author ?? null,
      bodyHtml: sanitize(input.bodyHtml, 'full_html'),
      imageUrl: input.imageUrl ?? null,
      category: input.category ?? null,
      tags: [...new Set(input.tags ?? [])],
      publishedAt,
      updatedAt: new Date(),
    };
    const [row] = existing
      ? await tx.update(blogPosts).set(values).where(eq(blogPosts.id, existing.id)).returning()
      : await tx
          .insert(blogPosts)
          .values({ ...values, frontend: brand.id as BrandId, language: contentLanguageOf(locale) })
          .returning();
    if (!row) throw new Error('Saving the blog post returned no row.');
    return row;
  });
}
