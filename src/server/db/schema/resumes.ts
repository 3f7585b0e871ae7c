/**
 * Resumes (issue 17, SPEC sections 3 and 4; decision 0021). One row per applicant and brand in `resumes`
 * holds the sections a recruiter may read (job preferences, education, work experience, languages, skills,
 * as JSONB per section) and the facet and text columns search reads. The private fields of personal_info
 * (first and last name, phone, birthday, home location) live in `resume_private`, which only the owner's
 * queries and the approved-contact query read: no search or teaser query joins it, so a recruiter query
 * cannot reach them by mistake.
 *
 * Contact requests (SPEC 4: pending → approved / declined / revoked; 14 days without answer expire); the
 * credit or subscription slot each request holds is a commerce credit_reservations row (decision 0020).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import type {
  EducationEntry,
  JobPreferences,
  Languages,
  Skills,
  WorkExperienceEntry,
} from '../../../lib/resumes/resume-schema.ts';
import { createdAt, isOneOf, tsvector, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/*
 * In the German configuration, as the text queries of the one search engine (src/server/search/text-query.ts)
 * stem and prefix-match it; the search text is written by the resume services from titles, desired
 * occupation, experience and skills, never from a private field.
 */
const resumeSearchVector = sql.raw(
  [
    `setweight(to_tsvector('german'::regconfig, coalesce(title, '')), 'A')`,
    `setweight(to_tsvector('german'::regconfig, coalesce(search_text, '')), 'B')`,
  ].join(' || '),
);

export const resumes = pgTable(
  'resumes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    /** SPEC 4: visible to recruiters or hidden; a new resume starts hidden until its owner shows it. */
    visible: boolean('visible').notNull().default(false),
    /** When it was last shown to recruiters (or created): a resume alert's digest lists those shown in its window. */
    visibleSince: timestamp('visible_since', { withTimezone: true }).notNull().defaultNow(),
    salutation: text('salutation'),
    about: text('about'),
    jobPreferences: jsonb('job_preferences').$type<JobPreferences>(),
    education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
    workExperience: jsonb('work_experience').$type<WorkExperienceEntry[]>().notNull().default([]),
    languages: jsonb('languages').$type<Languages>(),
    skills: jsonb('skills').$type<Skills>(),
    // Search columns, written with the sections (save-resume-section.ts); the facet values are in resume_facet_links.
    title: text('title'),
    searchText: text('search_text'),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(resumeSearchVector),
    /** The Bundesland (or canton, region) of the desired location. */
    region: text('region'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('resumes_user_frontend_unique').on(table.userId, table.frontend),
    index('resumes_visible_idx')
      .on(table.frontend, table.updatedAt.desc(), table.id)
      .where(sql`${table.visible}`),
    index('resumes_search_vector_idx').using('gin', table.searchVector),
    index('resumes_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    index('resumes_earth_idx').using('gist', sql`ll_to_earth(${table.latitude}, ${table.longitude})`),
  ],
);

/**
 * The facet values of resumes (SPEC 3: career status, languages, skills, occupations, region, field of
 * study) as numeric ids, as the search engine's facets count them: one row per field and value (a
 * language or career status code, a skill as typed), and one link per resume and value.
 */
export const resumeFacetFields = [
  'careerStatus',
  'languages',
  'skills',
  'occupations',
  'region',
  'fieldOfStudy',
] as const;
export type ResumeFacetField = (typeof resumeFacetFields)[number];

export const resumeFacetTerms = pgTable(
  'resume_facet_terms',
  {
    id: serial('id').primaryKey(),
    field: text('field', { enum: resumeFacetFields }).notNull(),
    value: text('value').notNull(),
  },
  (table) => [
    uniqueIndex('resume_facet_terms_field_value_unique').on(table.field, table.value),
    check('resume_facet_terms_field_check', isOneOf(table.field, resumeFacetFields)),
  ],
);

export const resumeFacetLinks = pgTable(
  'resume_facet_links',
  {
    resumeId: integer('resume_id')
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => resumeFacetTerms.id, { onDelete: 'cascade' }),
    field: text('field', { enum: resumeFacetFields }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.resumeId, table.termId] }),
    index('resume_facet_links_term_idx').on(table.termId, table.resumeId),
    // Covering: a facet's counts over a large base read its links from the index alone.
    index('resume_facet_links_field_idx').on(table.field, table.resumeId, table.termId),
  ],
);

/** The private fields of personal_info (SPEC 3): read only by their owner, staff and approved contacts. */
export const resumePrivate = pgTable('resume_private', {
  resumeId: integer('resume_id')
    .primaryKey()
    .references(() => resumes.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  birthday: date('birthday'),
  homeLocation: text('home_location'),
  updatedAt: updatedAt(),
});

/** Files of the attachments box (SPEC 5 types and size); served only to the owner and approved contacts. */
export const resumeAttachments = pgTable(
  'resume_attachments',
  {
    id: serial('id').primaryKey(),
    resumeId: integer('resume_id')
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('resume_attachments_resume_id_idx').on(table.resumeId),
    uniqueIndex('resume_attachments_storage_key_unique').on(table.storageKey),
  ],
);

export const contactRequestStatuses = ['pending', 'approved', 'declined', 'revoked', 'expired'] as const;
export type ContactRequestStatus = (typeof contactRequestStatuses)[number];

export const resumeContactRequests = pgTable(
  'resume_contact_requests',
  {
    id: serial('id').primaryKey(),
    resumeId: integer('resume_id')
      .notNull()
      .references(() => resumes.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: contactRequestStatuses }).notNull().default('pending'),
    /** A pending request expires (and gives its credit back) after 14 days without an answer. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One open (pending or approved) request per organization and resume.
    uniqueIndex('resume_contact_requests_open_unique')
      .on(table.resumeId, table.organizationId)
      .where(sql`${table.status} in ('pending', 'approved')`),
    index('resume_contact_requests_organization_idx').on(table.organizationId, table.createdAt.desc()),
    index('resume_contact_requests_pending_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    check('resume_contact_requests_status_check', isOneOf(table.status, contactRequestStatuses)),
  ],
);

export type Resume = typeof resumes.$inferSelect;
export type ResumePrivate = typeof resumePrivate.$inferSelect;
export type ResumeAttachment = typeof resumeAttachments.$inferSelect;
export type ResumeContactRequest = typeof resumeContactRequests.$inferSelect;
