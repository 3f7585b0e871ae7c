import type { Locale } from '../../../../brands/types.ts';
import { requireSignedIn, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { Vocabulary } from '../../db/schema/taxonomy.ts';
import { termOptionsOf } from '../base/terms.ts';

/** The vocabularies of the profile's categories section (the link tables the profile page reads). */
export const profileVocabularies = {
  industries: 'industry',
  occupations: 'occupational_field',
  fieldsOfStudy: 'field_of_study',
  benefits: 'benefit',
} as const satisfies Record<string, Vocabulary>;

/** organizationProfileOptions: the terms the profile editor offers, in the request's language. */
export async function getOrganizationProfileOptions(options: { db: Database; viewer: Viewer; locale: Locale }) {
  const { db, viewer, locale } = options;
  requireSignedIn(viewer);
  return termOptionsOf({ db, vocabularies: profileVocabularies, locale });
}
