/**
 * The job form's values: empty for a new job, or a saved job's values for editing. Pure, so the page
 * (server) builds them and the island (browser) receives them as a plain prop.
 */
import type { JobFieldsInput } from '../../lib/jobs/job-schema.ts';
import type { JobForEdit } from '../../lib/operations/job-posting.ts';

type JobType = JobFieldsInput['jobType'];

export function emptyJobForm(options: {
  jobType: JobType;
  organizationId: number | null;
  language: 'de' | 'en' | 'fr';
}): JobFieldsInput {
  return {
    jobType: options.jobType,
    title: '',
    linkUrl: null,
    file: null,
    description: '',
    availabilityPeriod: null,
    videoUrl: null,
    // The schema names a missing organization; 0 is no organization's id.
    organizationId: options.organizationId ?? 0,
    logoUrl: null,
    locations: [],
    remoteOptionId: null,
    employmentTypeIds: [],
    occupationalFieldIds: [],
    fieldOfStudyIds: [],
    degreeLevelId: null,
    yearsOfExperienceId: null,
    salaryMin: null,
    salaryMax: null,
    currencyCode: 'EUR',
    salaryUnit: null,
    salaryFree: null,
    languageIds: [],
    languagesFree: null,
    skillIds: [],
    skillsFree: null,
    publishedAt: null,
    expiresAt: null,
    durationDays: null,
    applicationWorkflow: 'email',
    applicationEmails: [],
    applicationLink: null,
    applicationRequireCv: false,
    applicationRequireCoverLetter: false,
    applicationRequireQualifyingQuestions: false,
    applicationQualifyingQuestions: [],
    language: options.language,
  };
}

type SavedValues = NonNullable<JobForEdit['formValues']>;

/** A saved job's values as the form holds them (the GraphQL shape is the form's shape, by design). */
export function jobFormFromSaved(saved: SavedValues): JobFieldsInput {
  return {
    ...saved,
    jobType: saved.jobType as JobType,
    applicationWorkflow: saved.applicationWorkflow as JobFieldsInput['applicationWorkflow'],
    language: saved.language as JobFieldsInput['language'],
    publishedAt: saved.publishedAt === null ? null : String(saved.publishedAt),
    expiresAt: saved.expiresAt === null ? null : String(saved.expiresAt),
    locations: saved.locations.map((location) => ({
      ...location,
      locality: location.locality ?? '',
      countryCode: location.countryCode ?? '',
    })),
    applicationQualifyingQuestions: saved.applicationQualifyingQuestions.map((question) => ({ ...question })),
  };
}

/** `2026-12-01T09:30:00.000Z` → `2026-12-01` in the visitor's time zone, for a date input; '' for none. */
export function dateInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date input's `2026-12-01` → the instant that day starts in the visitor's time zone, as ISO text; null
 * for an empty input. A publish date of today therefore means now, not a scheduled job.
 */
export function instantOfDateInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
