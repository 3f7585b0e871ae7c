import type { Locale } from '../../../../brands/index.ts';
import { localizedText } from '../../../i18n/index.ts';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { taxonomyTerms, type Vocabulary } from '../../db/schema/taxonomy.ts';

type Term = typeof taxonomyTerms.$inferSelect;

/** A term as the API shows it: id, stable slug and label in the visitor's language (German when untranslated). */
export function termRef(term: Term, locale: Locale): { tid: number; slug: string; label: string } {
  const label = localizedText({ de: term.labelDe, en: term.labelEn, fr: term.labelFr }, locale);
  return { tid: term.id, slug: term.slug, label };
}

export { contentLanguageOf } from '../../../i18n/index.ts';

/**
 * The terms of several vocabularies as option lists in the request's language, in their order (weight,
 * German label, id), keyed like `vocabularies` (a form's field → its vocabulary). One query for all.
 */
export async function termOptionsOf<TField extends string>(options: {
  db: Database;
  vocabularies: Record<TField, Vocabulary>;
  locale: Locale;
}): Promise<Record<TField, ReturnType<typeof termRef>[]>> {
  const { db, vocabularies, locale } = options;
  const terms = await db
    .select()
    .from(taxonomyTerms)
    .where(inArray(taxonomyTerms.vocabulary, Object.values<Vocabulary>(vocabularies)))
    .orderBy(asc(taxonomyTerms.weight), asc(taxonomyTerms.labelDe), asc(taxonomyTerms.id));
  return Object.fromEntries(
    Object.entries<Vocabulary>(vocabularies).map(([field, vocabulary]) => [
      field,
      terms.filter((term) => term.vocabulary === vocabulary).map((term) => termRef(term, locale)),
    ]),
  ) as Record<TField, ReturnType<typeof termRef>[]>;
}
