import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import {
  addressColumns,
  contentLanguages,
  createdAt,
  isOneOf,
  regconfig,
  textSearchConfigs,
  tsvector,
  updatedAt,
} from './columns.ts';
import { creditBalances, subscriptions } from './commerce.ts';
import { organizations } from './organizations.ts';
import { taxonomyTerms } from './taxonomy.ts';
import { users } from './users.ts';

export const jobTypes = ['job_per_template', 'job_per_link', 'job_per_file'] as const;
export type JobType = (typeof jobTypes)[number];

/**
 * SPEC section 4: needs_review, published, archived, scheduled; the publish option is hidden in these. A
 * job the recruiter has saved but not yet submitted is a draft (incomplete allowed), the one state that
 * offers it.
 */
export const jobStates = ['draft', 'needs_review', 'published', 'archived', 'scheduled'] as const;
export type JobState = (typeof jobStates)[number];

export const salaryUnits = ['hour', 'month', 'year'] as const;
export type SalaryUnit = (typeof salaryUnits)[number];

export const applicationWorkflows = ['email', 'link', 'on_site'] as const;
export type ApplicationWorkflow = (typeof applicationWorkflows)[number];

export interface QualifyingQuestion {
  question: string;
  required: boolean;
}

/** Full-time hours per year (40 h × 52 weeks) for comparing hourly with monthly and yearly salaries. */
const hoursPerYear = 2080;

/** Salary normalised to a year, so range filters and sorting compare like with like. */
function yearlySalary(column: 'salary_min' | 'salary_max'): SQL {
  return sql.raw(
    `case salary_unit when 'year' then ${column} when 'month' then ${column} * 12 when 'hour' then ${column} * ${hoursPerYear} end`,
  );
}

/*
 * The generation expression may only use immutable functions, hence the two-argument to_tsvector with the
 * row's own regconfig. Tags and entities are replaced by spaces, so the sanitiser must store umlauts as
 * characters, not as entities (&auml;), or those words become unsearchable.
 */
const searchVectorExpression = sql.raw(
  [
    `setweight(to_tsvector(search_config, coalesce(title, '')), 'A')`,
    `setweight(to_tsvector(search_config, coalesce(organization_name, '')), 'B')`,
    `setweight(to_tsvector(search_config, coalesce(skills_free, '') || ' ' || coalesce(skills_text, '')), 'C')`,
    `setweight(to_tsvector(search_config, regexp_replace(coalesce(description, ''), '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')`,
  ].join(' || '),
);

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    jobType: text('job_type', { enum: jobTypes }).notNull().default('job_per_template'),
    state: text('state', { enum: jobStates }).notNull().default('needs_review'),
    // job_info
    title: text('title').notNull(),
    linkUrl: text('link_url'),
    /** Storage key of the uploaded job ad (job_per_file). */
    fileKey: text('file_key'),
    /** Sanitised HTML. */
    description: text('description'),
    availabilityPeriod: text('availability_period'),
    videoUrl: text('video_url'),
    // company_info
    organizationId: integer('organization_id')
      .notNull()
      // Jobs carry applications and billing history: deleting an organization must deal with them first.
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** Copy of organizations.name written by the job services: a generated column cannot read another table. */
    organizationName: text('organization_name'),
    logoUrl: text('logo_url'),
    // job_location (the addresses are in job_locations)
    remoteOptionId: integer('remote_option_id').references(() => taxonomyTerms.id, { onDelete: 'set null' }),
    // job_categorization
    yearsOfExperienceId: integer('years_of_experience_id').references(() => taxonomyTerms.id, {
      onDelete: 'set null',
    }),
    degreeLevelId: integer('degree_level_id').references(() => taxonomyTerms.id, { onDelete: 'set null' }),
    salaryMin: numeric('salary_min', { precision: 12, scale: 2, mode: 'number' }),
    salaryMax: numeric('salary_max', { precision: 12, scale: 2, mode: 'number' }),
    currencyCode: char('currency_code', { length: 3 }),
    salaryUnit: text('salary_unit', { enum: salaryUnits }),
    salaryFree: text('salary_free'),
    salaryMinYearly: numeric('salary_min_yearly', { precision: 14, scale: 2, mode: 'number' }).generatedAlwaysAs(
      yearlySalary('salary_min'),
    ),
    salaryMaxYearly: numeric('salary_max_yearly', { precision: 14, scale: 2, mode: 'number' }).generatedAlwaysAs(
      yearlySalary('salary_max'),
    ),
    languagesFree: text('languages_free'),
    skillsFree: text('skills_free'),
    /** Labels of the job's skill terms, written by the job services for the search vector. */
    skillsText: text('skills_text'),
    // job_schedule
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    durationDays: integer('duration_days'),
    // job_application_options
    applicationWorkflow: text('application_workflow', { enum: applicationWorkflows }).notNull().default('email'),
    applicationEmails: text('application_emails').array().notNull().default([]),
    applicationLink: text('application_link'),
    applicationRequireCv: boolean('application_require_cv').notNull().default(false),
    applicationRequireCoverLetter: boolean('application_require_cover_letter').notNull().default(false),
    applicationRequireQualifyingQuestions: boolean('application_require_qualifying_questions').notNull().default(false),
    applicationQualifyingQuestions: jsonb('application_qualifying_questions')
      .$type<QualifyingQuestion[]>()
      .notNull()
      .default([]),
    language: text('language', { enum: contentLanguages }).notNull().default('de'),
    /** Text search configuration matching `language`; written together with it by the job services. */
    searchConfig: regconfig('search_config')
      .notNull()
      .default(sql`'german'::regconfig`),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchVectorExpression),
    isTop: boolean('is_top').notNull().default(false),
    /**
     * Which posting of the job is running: 1 for the first, +1 per repost. A posting is paid once
     * (job_payments is unique per job and posting), however often its publish is retried.
     */
    posting: integer('posting').notNull().default(1),
    frontend: text('frontend').$type<BrandId>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('jobs_job_type_check', isOneOf(table.jobType, jobTypes)),
    check('jobs_state_check', isOneOf(table.state, jobStates)),
    check('jobs_salary_unit_check', isOneOf(table.salaryUnit, salaryUnits)),
    check('jobs_application_workflow_check', isOneOf(table.applicationWorkflow, applicationWorkflows)),
    check('jobs_language_check', isOneOf(table.language, contentLanguages)),
    check(
      'jobs_search_config_check',
      sql`${table.searchConfig} in (${sql.raw(textSearchConfigs.map((config) => `'${config}'::regconfig`).join(', '))})`,
    ),
    check('jobs_salary_range_check', sql`${table.salaryMin} >= 0 and ${table.salaryMax} >= ${table.salaryMin}`),
    check('jobs_duration_days_check', sql`${table.durationDays} > 0`),
    index('jobs_state_published_at_idx').on(table.state, table.publishedAt.desc()),
    index('jobs_organization_id_idx').on(table.organizationId),
    // The page cache's next time-driven change (src/server/page-cache/content-version.ts): one index step each.
    index('jobs_expires_at_idx').on(table.expiresAt),
    index('jobs_published_at_idx').on(table.publishedAt),
    index('jobs_search_vector_idx').using('gin', table.searchVector),
    // German stemming does not split compounds ("Fachkraft" in "Pflegefachkraft"): trigrams serve LIKE.
    index('jobs_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    // Job search (src/server/search): the open jobs of a brand. The narrow index is ANDed with the text
    // indexes in bitmap scans; the wide one answers searches without a text from the index alone.
    index('jobs_open_frontend_idx')
      .on(table.frontend, table.publishedAt)
      .where(sql`${table.state} = 'published'`),
    // Sitemaps (issue 19): a brand's published jobs in id order with the columns the job sitemap reads, so
    // its files' bounds and pages come from the index alone (index-only scans), not from 100,000 wide rows.
    index('jobs_sitemap_idx')
      .on(table.frontend, table.id, table.updatedAt, table.expiresAt, table.publishedAt)
      .where(sql`${table.state} = 'published'`),
    index('jobs_open_search_idx')
      .on(
        table.frontend,
        table.publishedAt.desc(),
        table.id,
        table.expiresAt,
        table.organizationId,
        table.remoteOptionId,
        table.yearsOfExperienceId,
        table.salaryMinYearly,
        table.salaryMaxYearly,
      )
      .where(sql`${table.state} = 'published'`),
  ],
);

/** Many-to-many link from a job to taxonomy terms of one vocabulary. */
function jobTermTable<TName extends string>(name: TName) {
  return pgTable(
    name,
    {
      jobId: integer('job_id')
        .notNull()
        .references(() => jobs.id, { onDelete: 'cascade' }),
      termId: integer('term_id')
        .notNull()
        .references(() => taxonomyTerms.id, { onDelete: 'cascade' }),
    },
    (table) => [
      primaryKey({ columns: [table.jobId, table.termId] }),
      // Facet counts and filters go from the term to the jobs.
      index(`${name}_term_id_idx`).on(table.termId),
    ],
  );
}

export const jobEmploymentTypes = jobTermTable('job_employment_types');
export const jobOccupationalFields = jobTermTable('job_occupational_fields');
export const jobFieldsOfStudy = jobTermTable('job_fields_of_study');
export const jobLanguages = jobTermTable('job_languages');
export const jobSkills = jobTermTable('job_skills');

export const jobLocations = pgTable(
  'job_locations',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ...addressColumns(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (table) => [
    index('job_locations_job_id_idx').on(table.jobId),
    // Job search: a job's nearest location from the index alone, and the area and country filters.
    index('job_locations_job_id_coordinates_idx').on(table.jobId, table.latitude, table.longitude),
    index('job_locations_administrative_area_idx').on(table.administrativeArea, table.jobId),
    index('job_locations_country_code_idx').on(table.countryCode, table.jobId),
    // Radius search: earth_box(...) @> ll_to_earth(latitude, longitude) uses this index.
    index('job_locations_earth_idx').using('gist', sql`ll_to_earth(${table.latitude}, ${table.longitude})`),
    check('job_locations_latitude_check', sql`${table.latitude} between -90 and 90`),
    check('job_locations_longitude_check', sql`${table.longitude} between -180 and 180`),
  ],
);

/**
 * The similar jobs' walk (list-similar-jobs.ts): one row per place of work and occupational field of each
 * published job, kept by triggers on jobs, job_locations and job_occupational_fields (migration
 * 0023_similar_places_custom), never written by the application. Its GiST index over (field, brand, point)
 * walks the nearest places of one field and brand first, so the filter is inside the walk: at a million jobs
 * a rare field near a place costs a few index pages instead of thousands of places of other fields
 * (docs/scaling.md), and the jobs within the walk's bound are ordered from the rows alone (distance, then
 * published_at). Expiry is checked on the row (expires_at), as the job runner archives expired jobs.
 */
export const jobSimilarPlaces = pgTable(
  'job_similar_places',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    termId: integer('term_id').notNull(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  // The GiST index (btree_gist for the field and brand) is made in the custom migration, with the triggers.
  (table) => [index('job_similar_places_job_id_idx').on(table.jobId)],
);

/** Every state change of a job (SPEC section 4): who, when, from, to and why. */
export const jobStateChanges = pgTable(
  'job_state_changes',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Null for the system (the recurring task) or a deleted account. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null when the job was created. */
    fromState: text('from_state', { enum: jobStates }),
    toState: text('to_state', { enum: jobStates }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    check('job_state_changes_from_state_check', isOneOf(table.fromState, jobStates)),
    check('job_state_changes_to_state_check', isOneOf(table.toState, jobStates)),
    index('job_state_changes_job_id_idx').on(table.jobId, table.createdAt),
    index('job_state_changes_actor_user_id_idx').on(table.actorUserId),
  ],
);

export const jobPaymentSources = ['subscription', 'credit'] as const;
export type JobPaymentSource = (typeof jobPaymentSources)[number];

/**
 * What paid for a posting of a job: a job slot of a subscription or one credit. One row per job and
 * posting, so a retried or double-clicked publish cannot pay twice even if two requests race.
 */
export const jobPayments = pgTable(
  'job_payments',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    posting: integer('posting').notNull(),
    source: text('source', { enum: jobPaymentSources }).notNull(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    creditBalanceId: integer('credit_balance_id').references(() => creditBalances.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('job_payments_job_posting_unique').on(table.jobId, table.posting),
    check('job_payments_source_check', isOneOf(table.source, jobPaymentSources)),
    index('job_payments_subscription_id_idx').on(table.subscriptionId),
    index('job_payments_credit_balance_id_idx').on(table.creditBalanceId),
    index('job_payments_actor_user_id_idx').on(table.actorUserId),
  ],
);

/**
 * An uploaded job ad PDF (job_per_file), stored outside public/ under a generated name. The form sends its
 * id; a job of the same organization keeps the storage key in jobs.file_key.
 */
export const jobFiles = pgTable(
  'job_files',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Generated name in file storage, never the uploaded name. */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('job_files_storage_key_unique').on(table.storageKey),
    index('job_files_organization_id_idx').on(table.organizationId),
    index('job_files_uploaded_by_idx').on(table.uploadedBy),
  ],
);

/**
 * How often a job's page was viewed, for the job manager. Apart from jobs, so that counting a view does not
 * touch the row search and the page cache watch.
 */
export const jobViewCounts = pgTable(
  'job_view_counts',
  {
    jobId: integer('job_id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
  },
  (table) => [check('job_view_counts_views_check', sql`${table.views} >= 0`)],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type JobLocation = typeof jobLocations.$inferSelect;
export type NewJobLocation = typeof jobLocations.$inferInsert;
export type JobStateChange = typeof jobStateChanges.$inferSelect;
export type JobPayment = typeof jobPayments.$inferSelect;
export type JobFile = typeof jobFiles.$inferSelect;
