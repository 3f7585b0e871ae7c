import type { Brand, Locale } from '../../../../brands/types.ts';
import { defaultJobDurationDays, salaryUnitValues } from '../../../lib/jobs/job-schema.ts';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import type { Vocabulary } from '../../db/schema/taxonomy.ts';
import { termOptionsOf } from '../base/terms.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { organizationRef } from '../organizations/organization-presenters.ts';
import { requireJobPoster } from './job-access.ts';

const formVocabularies = {
  employmentTypes: 'employment_type',
  remoteOptions: 'remote_option',
  occupationalFields: 'occupational_field',
  fieldsOfStudy: 'field_of_study',
  degreeLevels: 'degree_level',
  yearsOfExperience: 'years_of_experience',
  languages: 'language',
  skills: 'skill',
} as const satisfies Record<string, Vocabulary>;

/**
 * What the job form offers the viewer: the brand's job types (brands/), the organizations whose jobs they
 * manage on this brand, the vocabularies in the request's language, and whether their rich text may use
 * full_html (staff).
 */
export async function getJobFormOptions(options: { db: Database; viewer: Viewer; brand: Brand; locale: Locale }) {
  const { db, viewer, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const mine = await findViewerOrganizations({ db, viewer });
  const organizations = mine.belongsTo
    .filter((organization) => organization.frontend === brand.id && mine.accessTo(organization).canManageJobs)
    .map((organization) => organizationRef(organization));
  const lists = await termOptionsOf({ db, vocabularies: formVocabularies, locale });
  return {
    jobTypes: [...brand.jobTypes],
    organizations,
    ...lists,
    salaryUnits: [...salaryUnitValues],
    defaultDurationDays: defaultJobDurationDays,
    fullHtml: isStaff(viewer),
  };
}
