import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { landingPages } from '../../db/schema/content.ts';
import { taxonomyTerms } from '../../db/schema/taxonomy.ts';
import { sanitize } from '../../html/sanitize.ts';
import { parseInput } from '../../validation.ts';

const inputSchema = z.object({ id: z.number().int().positive({ error: 'id must be a positive number' }) });

/** A published landing page: a fixed search (category and place) with its own title and introduction. */
export async function getLandingPage(options: { db: Database; input: unknown }) {
  const { id } = parseInput(inputSchema, options.input);
  const [row] = await options.db
    .select({ page: landingPages, category: taxonomyTerms })
    .from(landingPages)
    .leftJoin(taxonomyTerms, eq(taxonomyTerms.id, landingPages.occupationalFieldId))
    .where(and(eq(landingPages.id, id), eq(landingPages.published, true)));
  if (!row) return null;
  const { page, category } = row;
  return {
    id: page.id,
    path: page.path,
    title: page.title,
    introHtml: sanitize(page.introHtml),
    categorySlug: category?.slug ?? null,
    locality: page.locality,
    region: page.region,
    language: page.language,
  };
}
