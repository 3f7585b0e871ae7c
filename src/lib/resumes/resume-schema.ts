/**
 * The ONE schema per resume section (SPEC section 3), shared by the wizard island, the edit pages and the
 * resume services (parseInput). Written with zod/mini: the wizard island ships it (issue 17: ≤ 80 KB gzip
 * beyond React). Error messages are message keys (src/i18n); field names are the forms' field names.
 *
 * Private fields (SPEC 3: first name, last name, phone, birthday, home location) are the fields of
 * `personalInfoPrivateFields`: the server keeps them in their own table (resume_private) that no recruiter
 * query reads before an approved contact request.
 */
import * as z from 'zod/mini';

export const resumeSections = [
  'personal_info',
  'job_preferences',
  'education',
  'work_experience',
  'languages',
  'skills',
] as const;
export type ResumeSection = (typeof resumeSections)[number];

export const resumeLimits = {
  name: 100,
  text: 200,
  summary: 4000,
  entries: 30,
  listItems: 30,
  salary: 10_000_000,
} as const;

export const salutations = ['mr', 'ms', 'diverse'] as const;
export const employmentTypes = [
  'full_time',
  'part_time',
  'temporary',
  'freelance',
  'internship',
  'apprenticeship',
  'mini_job',
] as const;
export const careerStatuses = ['student', 'graduate', 'professional', 'manager', 'executive', 'returner'] as const;
export const availabilityPeriods = ['mornings', 'afternoons', 'evenings', 'weekends', 'shifts'] as const;
export const degreeLevels = ['school', 'apprenticeship', 'bachelor', 'master', 'doctorate', 'other'] as const;
export const languageCodes = ['de', 'en', 'fr', 'es', 'it', 'pl', 'tr', 'ru', 'ar', 'uk', 'nl', 'pt'] as const;

export type CareerStatus = (typeof careerStatuses)[number];

/** The personal_info fields that are private (SPEC 3) and leave the server only to their owner or an approved contact. */
export const personalInfoPrivateFields = ['firstName', 'lastName', 'phone', 'birthday', 'homeLocation'] as const;

const required = 'resume.error.required';
const tooLong = 'resume.error.tooLong';
const invalid = 'resume.error.invalid';

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const requiredText = (max: number) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: tooLong }));

const optionalText = (max: number) =>
  z.pipe(
    z.transform(blankToNull),
    z.nullable(z.string({ error: invalid }).check(z.trim(), z.maxLength(max, { error: tooLong }))),
  );

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(z.transform(blankToNull), z.nullable(z.enum(values, { error: invalid })));

/** A list from checkboxes or a comma separated text; duplicates and blanks removed. */
const listOf = <T extends z.ZodMiniType<string>>(item: T) =>
  z.pipe(
    z.transform((value: unknown): unknown[] => {
      const list: unknown[] = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
      // A text input sends "Java, SQL"; checkboxes send one value each.
      const split = list.flatMap((entry): unknown[] => (typeof entry === 'string' ? entry.split(',') : [entry]));
      const cleaned = split
        .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
        .filter((entry) => entry !== '');
      return [...new Set(cleaned)];
    }),
    z.array(item).check(z.maxLength(resumeLimits.listItems, { error: tooLong })),
  );

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const yearMonth = /^\d{4}-(0[1-9]|1[0-2])$/;

const optionalDate = z.pipe(
  z.transform(blankToNull),
  z.nullable(
    z.string({ error: 'resume.error.date' }).check(
      z.regex(isoDate, { error: 'resume.error.date' }),
      z.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'resume.error.date' }),
    ),
  ),
);

const optionalMonth = z.pipe(
  z.transform(blankToNull),
  z.nullable(z.string({ error: 'resume.error.month' }).check(z.regex(yearMonth, { error: 'resume.error.month' }))),
);

const optionalAmount = z.pipe(
  z.transform((value: unknown) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? Number(blank) : blank;
  }),
  z.nullable(
    z
      .number({ error: invalid })
      .check(
        z.int({ error: invalid }),
        z.minimum(0, { error: invalid }),
        z.maximum(resumeLimits.salary, { error: invalid }),
      ),
  ),
);

const phonePattern = /^\+?[0-9 ()/.-]{5,40}$/;

export const personalInfoSchema = z.object({
  salutation: optionalEnum(salutations),
  firstName: requiredText(resumeLimits.name),
  lastName: requiredText(resumeLimits.name),
  phone: z.pipe(
    z.transform(blankToNull),
    z.nullable(
      z.string({ error: 'resume.error.phone' }).check(z.trim(), z.regex(phonePattern, { error: 'resume.error.phone' })),
    ),
  ),
  birthday: z.pipe(
    z.transform(blankToNull),
    z.nullable(
      z.string({ error: 'resume.error.date' }).check(
        z.regex(isoDate, { error: 'resume.error.date' }),
        z.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'resume.error.date' }),
        z.refine((value) => value >= '1900-01-01' && Date.parse(value) < Date.now(), {
          error: 'resume.error.birthday',
        }),
      ),
    ),
  ),
  homeLocation: optionalText(resumeLimits.text),
  about: optionalText(resumeLimits.summary),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

export const jobPreferencesSchema = z
  .object({
    title: requiredText(resumeLimits.text),
    desiredOccupation: optionalText(resumeLimits.text),
    employmentType: listOf(z.enum(employmentTypes, { error: invalid })),
    desiredLocation: optionalText(resumeLimits.text),
    desiredSalaryMin: optionalAmount,
    desiredSalaryMax: optionalAmount,
    careerStatus: optionalEnum(careerStatuses),
    availableStart: optionalDate,
    availabilityPeriods: listOf(z.enum(availabilityPeriods, { error: invalid })),
  })
  .check(
    z.refine(
      (value) =>
        value.desiredSalaryMin === null ||
        value.desiredSalaryMax === null ||
        value.desiredSalaryMax >= value.desiredSalaryMin,
      {
        error: 'resume.error.salaryRange',
        path: ['desiredSalaryMax'],
      },
    ),
  );
export type JobPreferences = z.infer<typeof jobPreferencesSchema>;

const timePeriodCheck = z.refine<{ startMonth: string | null; endMonth: string | null }>(
  (value) => value.startMonth === null || value.endMonth === null || value.endMonth >= value.startMonth,
  {
    error: 'resume.error.timePeriod',
    path: ['endMonth'],
  },
);

/** An entry id: chosen by the server when the entry is added; sent back to change or remove it. */
export const entryIdField = z.pipe(
  z.transform(blankToNull),
  z.nullable(z.string({ error: invalid }).check(z.regex(/^[0-9a-f]{16}$/, { error: invalid }))),
);

export const educationSchema = z
  .object({
    id: entryIdField,
    institution: requiredText(resumeLimits.text),
    degreeLevel: optionalEnum(degreeLevels),
    fieldOfStudy: optionalText(resumeLimits.text),
    studyProgram: optionalText(resumeLimits.text),
    location: optionalText(resumeLimits.text),
    startMonth: optionalMonth,
    endMonth: optionalMonth,
    summary: optionalText(resumeLimits.summary),
  })
  .check(timePeriodCheck);
export type EducationEntry = z.infer<typeof educationSchema> & { id: string };

export const workExperienceSchema = z
  .object({
    id: entryIdField,
    jobTitle: requiredText(resumeLimits.text),
    occupation: optionalText(resumeLimits.text),
    employmentType: optionalEnum(employmentTypes),
    companyName: optionalText(resumeLimits.text),
    location: optionalText(resumeLimits.text),
    startMonth: optionalMonth,
    endMonth: optionalMonth,
    summary: optionalText(resumeLimits.summary),
  })
  .check(timePeriodCheck);
export type WorkExperienceEntry = z.infer<typeof workExperienceSchema> & { id: string };

export const languagesSchema = z.object({
  languages: listOf(z.enum(languageCodes, { error: invalid })),
  languagesFree: optionalText(resumeLimits.text),
  languageNotes: optionalText(resumeLimits.summary),
});
export type Languages = z.infer<typeof languagesSchema>;

export const skillsSchema = z.object({
  skills: listOf(z.string({ error: invalid }).check(z.maxLength(60, { error: tooLong }))),
  skillsFree: optionalText(resumeLimits.text),
  skillsNotes: optionalText(resumeLimits.summary),
});
export type Skills = z.infer<typeof skillsSchema>;

/** What the wizard's import step saves (issue 17 part 2): the corrected proposal of an imported CV, each
 * part checked by its section's schema; field errors are named like workExperience.0.endMonth. */
export const resumeImportSchema = z.object({
  personalInfo: z.optional(z.nullable(personalInfoSchema)),
  workExperience: z.optional(
    z.array(workExperienceSchema).check(z.maxLength(resumeLimits.entries, { error: 'resume.error.tooManyEntries' })),
  ),
  education: z.optional(
    z.array(educationSchema).check(z.maxLength(resumeLimits.entries, { error: 'resume.error.tooManyEntries' })),
  ),
  skills: z.optional(z.nullable(skillsSchema)),
  languages: z.optional(z.nullable(languagesSchema)),
});

/** The form fields of each section, in their order (the edit pages and the wizard render them in it). */
export const sectionFields = {
  personal_info: ['salutation', 'firstName', 'lastName', 'phone', 'birthday', 'homeLocation', 'about'],
  job_preferences: [
    'title',
    'desiredOccupation',
    'employmentType',
    'desiredLocation',
    'desiredSalaryMin',
    'desiredSalaryMax',
    'careerStatus',
    'availableStart',
    'availabilityPeriods',
  ],
  education: [
    'institution',
    'degreeLevel',
    'fieldOfStudy',
    'studyProgram',
    'location',
    'startMonth',
    'endMonth',
    'summary',
  ],
  work_experience: [
    'jobTitle',
    'occupation',
    'employmentType',
    'companyName',
    'location',
    'startMonth',
    'endMonth',
    'summary',
  ],
  languages: ['languages', 'languagesFree', 'languageNotes'],
  skills: ['skills', 'skillsFree', 'skillsNotes'],
} as const satisfies Record<ResumeSection, readonly string[]>;

/** A brand's hidden resume fields (SPEC 9), by section. */
export type HiddenResumeFields = Partial<Record<ResumeSection, readonly string[]>>;

/** The fields of a section a brand shows. */
export function visibleFields(section: ResumeSection, hidden: HiddenResumeFields): string[] {
  const hiddenHere = hidden[section] ?? [];
  return sectionFields[section].filter((field) => !hiddenHere.includes(field));
}

/** What the completeness percentage counts: one point per filled part (SPEC 9 percentage box). */
export interface CompletenessInput {
  personalInfo: boolean;
  jobPreferences: boolean;
  education: number;
  workExperience: number;
  languages: number;
  skills: number;
  attachments: number;
}

export const completenessParts = [
  'personalInfo',
  'jobPreferences',
  'education',
  'workExperience',
  'languages',
  'skills',
  'attachments',
] as const;

/** The share of filled parts, 0 to 100, and which parts are still missing (the completeness card lists them). */
export function completenessOf(input: CompletenessInput): {
  percent: number;
  missing: (typeof completenessParts)[number][];
} {
  const missing = completenessParts.filter((part) => {
    const value = input[part];
    return typeof value === 'boolean' ? !value : value === 0;
  });
  return {
    percent: Math.round(((completenessParts.length - missing.length) / completenessParts.length) * 100),
    missing,
  };
}
