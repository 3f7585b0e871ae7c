/**
 * The ONE job schema (SPEC section 3, job form groups), shared by the job form island (react-hook-form with
 * its zod resolver) and the job services (parseInput). Pure data and zod: no server code, so islands may
 * import it.
 *
 * Two strengths: a draft may be incomplete (only the title, the job type and the organization are needed,
 * but whatever is filled in must be valid), publishing needs what Google for Jobs requires (description or
 * link or file by job type, at least one place of work, how to apply). Both check the rules between fields
 * (salary minimum ≤ maximum, expiry after publishing). Error messages are message keys (src/i18n), so the
 * form and the API answer in the visitor's language. Field names are the form's field names; nested
 * problems are keyed by their dotted path (`locations.0.postalCode`).
 */
import { z } from 'zod';

export const jobTypeValues = ['job_per_template', 'job_per_link', 'job_per_file'] as const;
export const salaryUnitValues = ['hour', 'month', 'year'] as const;
export const applicationWorkflowValues = ['email', 'link', 'on_site'] as const;
export const jobLanguageValues = ['de', 'en', 'fr'] as const;

/** Limits of the form, shared with the inputs' maxlength attributes. */
export const jobLimits = {
  title: 200,
  url: 2000,
  /** Sanitised HTML of the description; generous, as markup counts. */
  description: 100_000,
  shortText: 200,
  freeText: 2000,
  locations: 20,
  terms: 30,
  applicationEmails: 10,
  qualifyingQuestions: 20,
  question: 500,
  salary: 10_000_000,
  durationDays: 365,
  /** A job_per_file ad: PDF only, at most 50 MB (SPEC section 5). */
  fileBytes: 50 * 1024 * 1024,
} as const;

/** How long a job runs when neither an expiry nor a duration is given. */
export const defaultJobDurationDays = 30;

const required = 'job.error.required';
const tooLong = 'job.error.tooLong';
const invalid = 'job.error.invalid';

/** Empty form inputs ('' or NaN from a number input) mean "not given". */
const emptyToNull = (value: unknown) =>
  value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? null : value;

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : emptyToNull(value)),
    z.string({ error: invalid }).trim().max(max, { error: tooLong }).nullable().default(null),
  );

const webAddress = z
  .string({ error: 'job.error.url' })
  .trim()
  .max(jobLimits.url, { error: tooLong })
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'job.error.url' }));

const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : emptyToNull(value)),
  webAddress.nullable().default(null),
);

const emailAddress = z
  .string({ error: 'job.error.email' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'job.error.email' })
  .pipe(z.email({ error: 'job.error.email' }));

const termId = z.number({ error: invalid }).int({ error: invalid }).positive({ error: invalid });
const optionalTermId = z.preprocess(emptyToNull, termId.nullable().default(null));
const termIds = z.array(termId, { error: invalid }).max(jobLimits.terms, { error: 'job.error.tooMany' }).default([]);

const amount = z.preprocess(
  emptyToNull,
  z
    .number({ error: 'job.error.number' })
    .nonnegative({ error: 'job.error.number' })
    .max(jobLimits.salary, { error: 'job.error.number' })
    .nullable()
    .default(null),
);

/** An instant as ISO 8601 text with offset (the form converts its local date input). */
const instant = z.preprocess(
  emptyToNull,
  z.iso.datetime({ offset: true, error: 'job.error.date' }).nullable().default(null),
);

/** One place of work, picked from the gazetteer (so with coordinates), the street optional for drafts. */
export const jobLocationSchema = z.object({
  addressLine1: optionalText(jobLimits.shortText),
  addressLine2: optionalText(jobLimits.shortText),
  postalCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : emptyToNull(value)),
    z
      .string({ error: 'job.error.postalCode' })
      .trim()
      .regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'job.error.postalCode' })
      .nullable()
      .default(null),
  ),
  locality: z.string({ error: required }).trim().min(1, { error: required }).max(jobLimits.shortText, {
    error: tooLong,
  }),
  administrativeArea: optionalText(jobLimits.shortText),
  countryCode: z
    .string({ error: 'job.error.country' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'job.error.country' }),
  latitude: z.number({ error: invalid }).min(-90, { error: invalid }).max(90, { error: invalid }),
  longitude: z.number({ error: invalid }).min(-180, { error: invalid }).max(180, { error: invalid }),
});

export const qualifyingQuestionSchema = z.object({
  question: z.string({ error: required }).trim().min(1, { error: required }).max(jobLimits.question, {
    error: tooLong,
  }),
  required: z.boolean({ error: invalid }).default(false),
});

/** Every field of the job form, grouped as SPEC section 3 groups them. */
export const jobFieldsSchema = z.object({
  // job_info
  jobType: z.enum(jobTypeValues, {
    error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid),
  }),
  title: z.string({ error: required }).trim().min(1, { error: required }).max(jobLimits.title, { error: tooLong }),
  linkUrl: optionalUrl,
  /** The upload token of the job ad PDF (job_per_file), as the upload endpoint answered it. */
  file: optionalText(200),
  /** Rich text (HTML); the server sanitises it on save. */
  description: optionalText(jobLimits.description),
  availabilityPeriod: optionalText(jobLimits.shortText),
  videoUrl: optionalUrl,
  // company_info
  organizationId: z.number({ error: 'job.error.organization' }).int({ error: 'job.error.organization' }).positive({
    error: 'job.error.organization',
  }),
  logoUrl: optionalUrl,
  // job_location
  locations: z
    .array(jobLocationSchema, { error: invalid })
    .max(jobLimits.locations, { error: 'job.error.tooMany' })
    .default([]),
  remoteOptionId: optionalTermId,
  // job_categorization
  employmentTypeIds: termIds,
  occupationalFieldIds: termIds,
  fieldOfStudyIds: termIds,
  degreeLevelId: optionalTermId,
  yearsOfExperienceId: optionalTermId,
  salaryMin: amount,
  salaryMax: amount,
  currencyCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : emptyToNull(value)),
    z
      .string({ error: 'job.error.currency' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'job.error.currency' })
      .nullable()
      .default(null),
  ),
  salaryUnit: z.preprocess(emptyToNull, z.enum(salaryUnitValues, { error: invalid }).nullable().default(null)),
  salaryFree: optionalText(jobLimits.shortText),
  languageIds: termIds,
  languagesFree: optionalText(jobLimits.freeText),
  skillIds: termIds,
  skillsFree: optionalText(jobLimits.freeText),
  // job_schedule
  publishedAt: instant,
  expiresAt: instant,
  durationDays: z.preprocess(
    emptyToNull,
    z
      .number({ error: 'job.error.number' })
      .int({ error: 'job.error.number' })
      .min(1, { error: 'job.error.number' })
      .max(jobLimits.durationDays, { error: 'job.error.number' })
      .nullable()
      .default(null),
  ),
  // job_application_options
  applicationWorkflow: z.enum(applicationWorkflowValues, { error: invalid }).default('email'),
  applicationEmails: z
    .array(emailAddress, { error: invalid })
    .max(jobLimits.applicationEmails, { error: 'job.error.tooMany' })
    .default([]),
  applicationLink: optionalUrl,
  applicationRequireCv: z.boolean({ error: invalid }).default(false),
  applicationRequireCoverLetter: z.boolean({ error: invalid }).default(false),
  applicationRequireQualifyingQuestions: z.boolean({ error: invalid }).default(false),
  applicationQualifyingQuestions: z
    .array(qualifyingQuestionSchema, { error: invalid })
    .max(jobLimits.qualifyingQuestions, { error: 'job.error.tooMany' })
    .default([]),
  /** The ad's language (en, de or fr): search stemming and the AI description use it. */
  language: z.enum(jobLanguageValues, { error: invalid }).default('de'),
});

export type JobFields = z.output<typeof jobFieldsSchema>;
export type JobFieldsInput = z.input<typeof jobFieldsSchema>;

type Issues = z.core.$RefinementCtx<JobFields>;

/** Rules between fields that hold for drafts too: whatever is filled in must fit together. */
function checkConsistency(job: JobFields, context: Issues): void {
  if (job.salaryMin !== null && job.salaryMax !== null && job.salaryMin > job.salaryMax) {
    context.addIssue({ code: 'custom', path: ['salaryMax'], message: 'job.error.salaryRange' });
  }
  if ((job.salaryMin !== null || job.salaryMax !== null) && job.currencyCode === null) {
    context.addIssue({ code: 'custom', path: ['currencyCode'], message: 'job.error.currency' });
  }
  if ((job.salaryMin !== null || job.salaryMax !== null) && job.salaryUnit === null) {
    context.addIssue({ code: 'custom', path: ['salaryUnit'], message: 'job.error.salaryUnit' });
  }
  if (job.publishedAt !== null && job.expiresAt !== null && Date.parse(job.expiresAt) <= Date.parse(job.publishedAt)) {
    context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'job.error.expiryBeforePublish' });
  }
  if (job.applicationRequireQualifyingQuestions && job.applicationQualifyingQuestions.length === 0) {
    context.addIssue({
      code: 'custom',
      path: ['applicationQualifyingQuestions'],
      message: 'job.error.questionsRequired',
    });
  }
}

/**
 * What publishing needs beyond a draft: Google for Jobs requires title, description, hiring organization
 * and a job location with country (ours: the ad text, link or PDF by job type, and at least one place);
 * an application needs a way to reach the employer.
 */
function checkPublishable(job: JobFields, context: Issues): void {
  const missing = (field: keyof JobFields, message: string = required) =>
    context.addIssue({ code: 'custom', path: [field], message });
  if (job.jobType === 'job_per_template' && !job.description) missing('description');
  if (job.jobType === 'job_per_link' && !job.linkUrl) missing('linkUrl', 'job.error.url');
  if (job.jobType === 'job_per_file' && !job.file) missing('file', 'job.error.fileRequired');
  if (job.locations.length === 0) missing('locations', 'job.error.locationRequired');
  if (job.applicationWorkflow === 'email' && job.applicationEmails.length === 0) {
    missing('applicationEmails', 'job.error.applicationEmailRequired');
  }
  if (job.applicationWorkflow === 'link' && !job.applicationLink) missing('applicationLink', 'job.error.url');
}

/** A draft: may be incomplete, but what it has must be valid. */
export const jobDraftSchema = jobFieldsSchema.superRefine(checkConsistency);

/** A job to publish (or to submit for review): complete enough for Google for Jobs. */
export const jobPublishSchema = jobFieldsSchema.superRefine((job, context) => {
  checkConsistency(job, context);
  checkPublishable(job, context);
});

export type JobSchemaMode = 'draft' | 'publish';

/** The schema for saving as a draft or for publishing; the form switches with the button pressed. */
export function jobSchemaFor(mode: JobSchemaMode) {
  return mode === 'publish' ? jobPublishSchema : jobDraftSchema;
}

/** A form field name of the job schema (for field errors keyed by field). */
export type JobFieldName = keyof JobFields;
export const jobFieldNames = Object.keys(jobFieldsSchema.shape) as JobFieldName[];

/** The workflow actions on an existing job (SPEC section 4); approve and reject are the staff's. */
export const jobStateActions = ['publish', 'withdraw', 'extend', 'repost'] as const;
export type JobStateAction = (typeof jobStateActions)[number];

/** Rejecting needs a reason; it is e-mailed to the recruiter. */
export const jobRejectionSchema = z.object({
  reason: z.string({ error: required }).trim().min(1, { error: required }).max(jobLimits.freeText, { error: tooLong }),
});

/** Extending or reposting sets a new expiry; without one the brand's default duration applies. */
export const jobStateChangeSchema = z.object({
  action: z.enum(jobStateActions, { error: invalid }),
  expiresAt: instant,
});
