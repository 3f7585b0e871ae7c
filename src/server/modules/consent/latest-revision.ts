import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { ContentLanguage } from '../../db/schema/columns.ts';
import { consentInfoRevisions } from '../../db/schema/consent.ts';

/**
 * Orders the language versions of one revision: the requested language first, then German (the language
 * every consent text is written in first), then the others, so a text is shown even when untranslated.
 */
export function languagePreference(language: ContentLanguage): SQL<number> {
  return sql<number>`case ${consentInfoRevisions.language} when ${language} then 0 when 'de' then 1 when 'en' then 2 else 3 end`;
}

export interface LatestRevision {
  /** Id of the chosen language version of the latest revision. */
  id: number;
  /** The revision number every language version of the latest revision shares. */
  revision: number;
}

/** The latest revision of a consent text in the preferred language; null when it has no text yet. */
export async function findLatestRevision(
  db: Database,
  infoId: number,
  language: ContentLanguage,
): Promise<LatestRevision | null> {
  const [revision] = await db
    .select({ id: consentInfoRevisions.id, revision: consentInfoRevisions.revision })
    .from(consentInfoRevisions)
    .where(eq(consentInfoRevisions.infoId, infoId))
    .orderBy(desc(consentInfoRevisions.revision), languagePreference(language))
    .limit(1);
  return revision ?? null;
}
