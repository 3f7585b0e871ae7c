import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { metatagSlug } from '../../../lib/seo.ts';
import type { Database } from '../../db/index.ts';
import { seoMetatags, type MetaTag } from '../../db/schema/content.ts';
import { parseInput } from '../../validation.ts';

export type Metatag = MetaTag;

/** Stored meta tags of a slug in a language, falling back to German; [] when none are stored. */
export async function findMetatags(db: Database, slug: string, language: 'de' | 'en' | 'fr'): Promise<Metatag[]> {
  const rows = await db
    .select({ language: seoMetatags.language, tags: seoMetatags.tags })
    .from(seoMetatags)
    .where(and(eq(seoMetatags.path, slug)));
  const row =
    rows.find((candidate) => candidate.language === language) ?? rows.find((candidate) => candidate.language === 'de');
  return row?.tags ?? [];
}

const inputSchema = z.object({
  slug: z.string().trim().min(1, { error: 'slug must be a path such as /jobs' }).max(2000),
  language: z.enum(['de', 'en', 'fr'], { error: 'language must be one of de, en, fr' }).nullish(),
});

/** SPEC section 2: meta tags by route slug, with jobId, path and router parameters removed. */
export async function getMetatags(options: { db: Database; input: unknown }): Promise<Metatag[]> {
  const { slug, language } = parseInput(inputSchema, options.input);
  const normalized = metatagSlug(slug.startsWith('/') ? slug : `/${slug}`);
  const tags = await findMetatags(options.db, normalized, language ?? 'de');
  if (tags.length > 0 || !normalized.includes('?')) return tags;
  // A filtered listing without tags of its own shares those of its path.
  return findMetatags(options.db, normalized.slice(0, normalized.indexOf('?')), language ?? 'de');
}
