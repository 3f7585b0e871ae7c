import { and, asc, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { contentLanguages, type ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfoRevisions, consentInfos } from '../../db/schema/consent.ts';
import { sanitize } from '../../html/sanitize.ts';
import { parseInput } from '../../validation.ts';
import { languagePreference } from './latest-revision.ts';

export const consentSortings = ['created_asc', 'created_desc'] as const;

const optionalText = (field: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(200, { error: `${field} must be at most 200 characters` })
    .nullish();

const inputSchema = z.object({
  id: z.int({ error: 'id must be a whole number' }).positive({ error: 'id must be a positive number' }).nullish(),
  type: optionalText('type'),
  limit: z
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be between 1 and 100' })
    .max(100, { error: 'limit must be between 1 and 100' })
    .nullish()
    .transform((limit) => limit ?? 10),
  offset: z
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset must not be negative' })
    .nullish()
    .transform((offset) => offset ?? 0),
  sorting: z.enum(consentSortings, { error: 'sorting must be created_asc or created_desc' }).nullish(),
  placement: optionalText('placement'),
  language: z.enum(contentLanguages, { error: 'language must be one of de, en, fr' }).nullish(),
  path: optionalText('path'),
});

export interface GdprConsentInfo {
  id: number;
  type: string;
  optIn: boolean;
  text: string;
  placement: string | null;
  revisionId: number;
}

/**
 * SPEC section 3: consent texts with the wording of their latest revision in the requested language
 * (German when untranslated), narrowed by id, type, placement and the revision's path, one page at a time.
 */
export async function getGdprConsentInfos(options: {
  db: Database;
  /** The request's content language, used when the query names none. */
  language: ContentLanguage;
  input: unknown;
}): Promise<GdprConsentInfo[]> {
  const { db } = options;
  const input = parseInput(inputSchema, options.input);
  const language = input.language ?? options.language;

  const conditions: SQL[] = [];
  if (input.id) conditions.push(eq(consentInfos.id, input.id));
  if (input.type) conditions.push(eq(consentInfos.type, input.type));
  if (input.placement) conditions.push(eq(consentInfos.placement, input.placement));

  const latest = db
    .select({ infoId: consentInfoRevisions.infoId, revision: max(consentInfoRevisions.revision).as('latest_revision') })
    .from(consentInfoRevisions)
    .groupBy(consentInfoRevisions.infoId)
    .as('latest');

  // One row per info: the language version of its latest revision that the visitor should read.
  const chosen = db
    .selectDistinctOn([consentInfos.id], {
      id: consentInfos.id,
      type: consentInfos.type,
      optIn: consentInfos.optIn,
      placement: consentInfos.placement,
      createdAt: consentInfos.createdAt,
      revisionId: sql<number>`${consentInfoRevisions.id}`.as('revision_id'),
      text: consentInfoRevisions.text,
      path: consentInfoRevisions.path,
    })
    .from(consentInfos)
    .innerJoin(latest, eq(latest.infoId, consentInfos.id))
    .innerJoin(
      consentInfoRevisions,
      and(eq(consentInfoRevisions.infoId, consentInfos.id), eq(consentInfoRevisions.revision, latest.revision)),
    )
    .where(and(...conditions))
    .orderBy(consentInfos.id, languagePreference(language))
    .as('chosen');

  const direction = input.sorting === 'created_desc' ? desc : asc;
  const rows = await db
    .select({
      id: chosen.id,
      type: chosen.type,
      optIn: chosen.optIn,
      text: chosen.text,
      placement: chosen.placement,
      revisionId: chosen.revisionId,
    })
    .from(chosen)
    .where(input.path ? eq(chosen.path, input.path) : undefined)
    .orderBy(direction(chosen.createdAt), direction(chosen.id))
    .limit(input.limit)
    .offset(input.offset);
  // SPEC section 6: server-supplied HTML is sanitised (filtered_html) before any page renders it.
  return rows.map((row) => ({ ...row, text: sanitize(row.text) }));
}
