import type { Locale } from '../../../../brands/index.ts';
import { localizedText } from '../../../i18n/index.ts';
import type { taxonomyTerms } from '../../db/schema/taxonomy.ts';

type Term = typeof taxonomyTerms.$inferSelect;

/** A term as the API shows it: id, stable slug and label in the visitor's language (German when untranslated). */
export function termRef(term: Term, locale: Locale): { tid: number; slug: string; label: string } {
  const label = localizedText({ de: term.labelDe, en: term.labelEn, fr: term.labelFr }, locale);
  return { tid: term.id, slug: term.slug, label };
}

export { contentLanguageOf } from '../../../i18n/index.ts';
