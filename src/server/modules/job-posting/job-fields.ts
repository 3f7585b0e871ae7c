import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { addFieldError, type FieldErrors } from '../../../lib/field-errors.ts';
import { jobSchemaFor, type JobFields, type JobSchemaMode } from '../../../lib/jobs/job-schema.ts';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobLocations, type JobState } from '../../db/schema/jobs.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import { taxonomyTerms, type Vocabulary } from '../../db/schema/taxonomy.ts';
import { AppError } from '../../errors.ts';
import { sanitize } from '../../html/sanitize.ts';
import { parseInput } from '../../validation.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';
import type { Transaction } from './job-access.ts';
import { formValuesOf, jobFileOf, jobTermTables, type JobTermField } from './job-form-values.ts';

type AccessLoaders = Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;

export interface JobServiceOptions {
  db: Database;
  viewer: Viewer;
  loaders: AccessLoaders;
  brand: Brand;
  locale: Locale;
}

/** The vocabulary each term field of the form must pick from. */
const termVocabularies: Record<JobTermField | 'remoteOptionId' | 'degreeLevelId' | 'yearsOfExperienceId', Vocabulary> =
  {
    employmentTypeIds: 'employment_type',
    occupationalFieldIds: 'occupational_field',
    fieldOfStudyIds: 'field_of_study',
    languageIds: 'language',
    skillIds: 'skill',
    remoteOptionId: 'remote_option',
    degreeLevelId: 'degree_level',
    yearsOfExperienceId: 'years_of_experience',
  };

const searchConfigs = { de: 'german', en: 'english', fr: 'french' } as const;

/**
 * What the schema cannot know: the job type is one the brand offers, every term is one of its field's
 * vocabulary, the file token is a PDF uploaded for the same organization. All problems at once, keyed by
 * field, before anything is written.
 */
export async function checkReferences(
  tx: Transaction,
  fields: JobFields,
  brand: Brand,
  locale: Locale,
): Promise<{ skillLabels: string[]; fileKey: string | null }> {
  const t = createTranslator(locale);
  const errors: FieldErrors = {};
  if (!brand.jobTypes.includes(fields.jobType)) addFieldError(errors, 'jobType', t('job.error.jobTypeNotAllowed'));

  const pairs: [string, number[]][] = Object.entries(termVocabularies).map(([field]) => {
    const value = fields[field as keyof typeof termVocabularies];
    return [field, value === null ? [] : Array.isArray(value) ? value : [value]];
  });
  const wanted = new Set(pairs.flatMap(([, ids]) => ids));
  const terms = wanted.size
    ? await tx
        .select({ id: taxonomyTerms.id, vocabulary: taxonomyTerms.vocabulary, label: taxonomyTerms.labelDe })
        .from(taxonomyTerms)
        .where(inArray(taxonomyTerms.id, [...wanted]))
    : [];
  const byId = new Map(terms.map((term) => [term.id, term]));
  for (const [field, ids] of pairs) {
    const vocabulary = termVocabularies[field as keyof typeof termVocabularies];
    if (ids.some((id) => byId.get(id)?.vocabulary !== vocabulary)) {
      addFieldError(errors, field, t('job.error.termUnknown'));
    }
  }

  let fileKey: string | null = null;
  if (fields.jobType === 'job_per_file' && fields.file !== null) {
    const id = Number(fields.file);
    const file = Number.isSafeInteger(id) && id > 0 ? await jobFileOf(tx, fields.organizationId, id) : null;
    if (file) fileKey = file.storageKey;
    else addFieldError(errors, 'file', t('job.error.fileUnknown'));
  }

  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0] ?? t('job.error.invalid');
    throw new AppError('BAD_USER_INPUT', first, { fieldErrors: errors });
  }
  const skillLabels = fields.skillIds.map((id) => byId.get(id)?.label ?? '').filter(Boolean);
  return { skillLabels, fileKey };
}

/** The form's rich text sanitised on the server: full_html (iframes) for staff, filtered_html for others. */
export function sanitizedDescription(html: string | null, viewer: Viewer): string | null {
  const clean = html ? sanitize(html, isStaff(viewer) ? 'full_html' : 'filtered_html') : '';
  return clean.trim() === '' ? null : clean;
}

/** The columns of `jobs` a form save writes (never state, payment or brand). */
export function columnsOf(
  fields: JobFields,
  organization: Organization,
  description: string | null,
  references: { skillLabels: string[]; fileKey: string | null },
) {
  return {
    jobType: fields.jobType,
    title: fields.title,
    linkUrl: fields.jobType === 'job_per_link' ? fields.linkUrl : null,
    fileKey: fields.jobType === 'job_per_file' ? references.fileKey : null,
    description,
    availabilityPeriod: fields.availabilityPeriod,
    videoUrl: fields.videoUrl,
    organizationId: organization.id,
    organizationName: organization.name,
    logoUrl: fields.logoUrl,
    remoteOptionId: fields.remoteOptionId,
    yearsOfExperienceId: fields.yearsOfExperienceId,
    degreeLevelId: fields.degreeLevelId,
    salaryMin: fields.salaryMin,
    salaryMax: fields.salaryMax,
    currencyCode: fields.currencyCode,
    salaryUnit: fields.salaryUnit,
    salaryFree: fields.salaryFree,
    languagesFree: fields.languagesFree,
    skillsFree: fields.skillsFree,
    skillsText: references.skillLabels.length ? references.skillLabels.join(' ') : null,
    publishedAt: fields.publishedAt ? new Date(fields.publishedAt) : null,
    expiresAt: fields.expiresAt ? new Date(fields.expiresAt) : null,
    durationDays: fields.durationDays,
    applicationWorkflow: fields.applicationWorkflow,
    applicationEmails: fields.applicationEmails,
    applicationLink: fields.applicationLink,
    applicationRequireCv: fields.applicationRequireCv,
    applicationRequireCoverLetter: fields.applicationRequireCoverLetter,
    applicationRequireQualifyingQuestions: fields.applicationRequireQualifyingQuestions,
    applicationQualifyingQuestions: fields.applicationQualifyingQuestions,
    language: fields.language,
    searchConfig: searchConfigs[fields.language],
  };
}

/** Replaces the job's places and term links with the form's. */
export async function writeRelations(tx: Transaction, jobId: number, fields: JobFields): Promise<void> {
  await tx.delete(jobLocations).where(eq(jobLocations.jobId, jobId));
  if (fields.locations.length) {
    await tx.insert(jobLocations).values(
      fields.locations.map((location, index) => ({
        jobId,
        countryCode: location.countryCode,
        addressLine1: location.addressLine1,
        addressLine2: location.addressLine2,
        administrativeArea: location.administrativeArea,
        locality: location.locality,
        postalCode: location.postalCode,
        latitude: location.latitude,
        longitude: location.longitude,
        weight: index,
      })),
    );
  }
  for (const [field, table] of Object.entries(jobTermTables) as [
    JobTermField,
    (typeof jobTermTables)[JobTermField],
  ][]) {
    await tx.delete(table).where(eq(table.jobId, jobId));
    const ids = [...new Set(fields[field])];
    if (ids.length) await tx.insert(table).values(ids.map((termId) => ({ jobId, termId })));
  }
}

/** The form's mode for a job in `state`: drafts may be incomplete, everything else must stay complete. */
export function modeFor(state: JobState | null, publish: boolean): JobSchemaMode {
  return publish || (state !== null && state !== 'draft') ? 'publish' : 'draft';
}

export const mutationSchema = z.object({ publish: z.boolean().nullish() });

/**
 * Publishing a saved draft (changeJobState publish): the stored job must pass the publish schema, its
 * problems keyed by form field as if the form had been sent.
 */
export async function requirePublishable(tx: Transaction, job: JobRow, brand: Brand, locale: Locale): Promise<void> {
  const fields = parseInput(jobSchemaFor('publish'), await formValuesOf(tx, job), { locale });
  await checkReferences(tx, fields, brand, locale);
}
