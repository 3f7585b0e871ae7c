/**
 * Job applications (issue 14, SPEC sections 2, 3 and 5): what an applicant sent for a job through the quick
 * apply steps, and the files (CV, cover letter) that came with it. Files are uploaded one by one before the
 * application is sent (upload-application-file.ts): a file row starts without an application and holds an
 * unguessable upload token, the browser's only handle on it; sending the application attaches the files in
 * the same transaction that writes the application. Unattached uploads are removed after a day.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { createdAt, isOneOf, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

/** How a recruiter marked an application (the recruiter dashboard). */
export const applicationStatuses = ['new', 'seen', 'shortlisted', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** What an application file is. */
export const applicationFileKinds = ['cv', 'cover_letter'] as const;
export type ApplicationFileKind = (typeof applicationFileKinds)[number];

/** An answer to one of the job's qualifying questions, with the question as it was asked. */
export interface ApplicationAnswer {
  question: string;
  answer: string;
}

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    // An application goes with its job: a deleted job's applications go too (jobs are archived, not deleted).
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The brand the application was sent on (the job's). */
    frontend: text('frontend').$type<BrandId>().notNull(),
    /** The signed-in applicant; null for an anonymous application. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased: one application per address and job. */
    email: text('email').notNull(),
    phone: text('phone'),
    answers: jsonb('answers').$type<ApplicationAnswer[]>().notNull().default([]),
    status: text('status', { enum: applicationStatuses }).notNull().default('new'),
    /** The language the applicant used: their confirmation mail is written in it. */
    locale: text('locale').notNull(),
    /**
     * Chosen by the browser once per application attempt (the island keeps it across reloads): a double
     * click, a retry after a time-out or a reload of the review step sends the same key and gets the same
     * application back, never a second one.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * The mails of the application (to the employer and the applicant) go out after the commit. A sender
     * claims them by setting mail_claimed_at (only when unclaimed or when an earlier claim is older than the
     * lease, i.e. its process died) and sets mails_sent_at when done: one sender at a time, retried by the
     * job runner when a process died between commit and send.
     */
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true }),
    mailsSentAt: timestamp('mails_sent_at', { withTimezone: true }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('applications_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('applications_job_email_unique').on(table.jobId, table.email),
    index('applications_user_id_idx').on(table.userId),
    index('applications_job_id_created_at_idx').on(table.jobId, table.createdAt),
    index('applications_mails_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.mailsSentAt} is null`),
    check('applications_status_check', isOneOf(table.status, applicationStatuses)),
  ],
);

export const applicationFiles = pgTable(
  'application_files',
  {
    id: serial('id').primaryKey(),
    /** Null until the application it was uploaded for is sent. */
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** 32 random hex characters: the uploader's handle on the file until the application is sent. */
    uploadToken: text('upload_token').notNull(),
    /** The signed-in uploader; an anonymous upload is tied to its token only. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: applicationFileKinds }).notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Generated name in file storage, never the uploaded name. */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('application_files_upload_token_unique').on(table.uploadToken),
    uniqueIndex('application_files_storage_key_unique').on(table.storageKey),
    index('application_files_application_id_idx').on(table.applicationId),
    index('application_files_job_id_idx').on(table.jobId),
    index('application_files_uploaded_by_idx').on(table.uploadedBy),
    index('application_files_unattached_idx')
      .on(table.createdAt)
      .where(sql`${table.applicationId} is null`),
    check('application_files_kind_check', isOneOf(table.kind, applicationFileKinds)),
  ],
);

export type Application = typeof applications.$inferSelect;
export type ApplicationFile = typeof applicationFiles.$inferSelect;
