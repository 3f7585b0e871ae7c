import { and, asc, eq } from 'drizzle-orm';
import type { JobFields } from '../../../lib/jobs/job-schema.ts';
import type { Database } from '../../db/index.ts';
import {
  jobEmploymentTypes,
  jobFieldsOfStudy,
  jobFiles,
  jobLanguages,
  jobLocations,
  jobOccupationalFields,
  jobSkills,
} from '../../db/schema/jobs.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import type { Transaction } from './job-access.ts';

type Executor = Database | Transaction;

/** The term link tables of a job, by the form field that lists their term ids. */
export const jobTermTables = {
  employmentTypeIds: jobEmploymentTypes,
  occupationalFieldIds: jobOccupationalFields,
  fieldOfStudyIds: jobFieldsOfStudy,
  languageIds: jobLanguages,
  skillIds: jobSkills,
} as const;

export type JobTermField = keyof typeof jobTermTables;

/** A stored job in the shape of the job schema: to fill the form, to duplicate, to check before publishing. */
export async function formValuesOf(db: Executor, job: JobRow): Promise<JobFields> {
  const termIds = async (field: JobTermField) => {
    const table = jobTermTables[field];
    const rows = await db
      .select({ termId: table.termId })
      .from(table)
      .where(eq(table.jobId, job.id))
      .orderBy(asc(table.termId));
    return rows.map((row) => row.termId);
  };
  const locations = await db
    .select()
    .from(jobLocations)
    .where(eq(jobLocations.jobId, job.id))
    .orderBy(asc(jobLocations.weight), asc(jobLocations.id));
  const [file] = job.fileKey
    ? await db
        .select({ id: jobFiles.id })
        .from(jobFiles)
        .where(and(eq(jobFiles.storageKey, job.fileKey), eq(jobFiles.organizationId, job.organizationId)))
    : [];
  return {
    jobType: job.jobType,
    title: job.title,
    linkUrl: job.linkUrl,
    file: file ? String(file.id) : null,
    description: job.description,
    availabilityPeriod: job.availabilityPeriod,
    videoUrl: job.videoUrl,
    organizationId: job.organizationId,
    logoUrl: job.logoUrl,
    locations: locations.map((location) => ({
      addressLine1: location.addressLine1,
      addressLine2: location.addressLine2,
      postalCode: location.postalCode,
      locality: location.locality ?? '',
      administrativeArea: location.administrativeArea,
      countryCode: location.countryCode ?? 'DE',
      latitude: location.latitude,
      longitude: location.longitude,
    })),
    remoteOptionId: job.remoteOptionId,
    employmentTypeIds: await termIds('employmentTypeIds'),
    occupationalFieldIds: await termIds('occupationalFieldIds'),
    fieldOfStudyIds: await termIds('fieldOfStudyIds'),
    degreeLevelId: job.degreeLevelId,
    yearsOfExperienceId: job.yearsOfExperienceId,
    salaryMin: job.salaryMin,
    salaryMax: job.salaryMax,
    currencyCode: job.currencyCode,
    salaryUnit: job.salaryUnit,
    salaryFree: job.salaryFree,
    languageIds: await termIds('languageIds'),
    languagesFree: job.languagesFree,
    skillIds: await termIds('skillIds'),
    skillsFree: job.skillsFree,
    publishedAt: job.publishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt?.toISOString() ?? null,
    durationDays: job.durationDays,
    applicationWorkflow: job.applicationWorkflow,
    applicationEmails: job.applicationEmails,
    applicationLink: job.applicationLink,
    applicationRequireCv: job.applicationRequireCv,
    applicationRequireCoverLetter: job.applicationRequireCoverLetter,
    applicationRequireQualifyingQuestions: job.applicationRequireQualifyingQuestions,
    applicationQualifyingQuestions: job.applicationQualifyingQuestions,
    language: job.language,
  };
}

/** The job files of an organization by id (to check a form's file token). */
export async function jobFileOf(db: Executor, organizationId: number, id: number) {
  const [file] = await db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.id, id), eq(jobFiles.organizationId, organizationId)));
  return file ?? null;
}
