/**
 * The applicant's bookmarks and job alerts (issue 14). A bookmark is a user's, on the brand of its job; a
 * job alert is a saved job search mailed as a digest every day, week or month (SPEC 9), owned by a user or,
 * signed up anonymously, by the address that confirmed it (double opt-in). Each digest a run sends is
 * claimed first as one `job_alert_digests` row per alert and due date (decision 0018).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { createdAt, isOneOf, updatedAt } from './columns.ts';
import { jobs } from './jobs.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    // The brand the bookmark was made on (the job's): each brand lists its own.
    frontend: text('frontend').$type<BrandId>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.jobId] }),
    index('bookmarks_user_frontend_idx').on(table.userId, table.frontend, table.createdAt),
    index('bookmarks_job_id_idx').on(table.jobId),
  ],
);

/** SPEC 9: none (-1, paused), daily, weekly, monthly, in seconds (brands/constants.ts). */
export const jobAlertIntervals = [-1, 86400, 604800, 2628000] as const;

/**
 * The saved search, as the job search's GraphQL input takes it (without page and sort): the digest runs it
 * through the one search (src/server/search) with the window of its period.
 */
export interface SavedJobSearch {
  search?: string | null;
  title?: string | null;
  category?: string | null;
  location?: {
    lat: number;
    lon: number;
    radius?: number | null;
    label?: string | null;
    locationType?: 'city' | 'administrative_area' | 'country' | null;
  } | null;
  facets?: { field: string; values: string[] }[] | null;
  minYearlySalary?: number | null;
}

export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: serial('id').primaryKey(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    // The owner when signed up signed in; anonymous alerts belong to the address that confirmed them.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // The language of its mails (a locale of the brand).
    locale: text('locale').notNull(),
    search: jsonb('search').$type<SavedJobSearch>().notNull(),
    // What the visitor saw as the search's heading ("Pflege Jobs in Stuttgart") and its public URL.
    label: text('label').notNull(),
    searchPath: text('search_path').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    // Random per alert, part of every signed token of it (confirm, unsubscribe): a token names one alert.
    tokenKey: text('token_key').notNull(),
    // Null until the address is confirmed (double opt-in); no digest is sent before.
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // The next digest covers the jobs published after this moment (the end of the last digest's window).
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    // When the next digest is due; null while unconfirmed or paused.
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('job_alerts_interval_check', isOneOf(table.intervalSeconds, jobAlertIntervals)),
    index('job_alerts_user_frontend_idx').on(table.userId, table.frontend),
    // The runner's look-up of due alerts.
    index('job_alerts_due_idx')
      .on(table.nextDigestAt)
      .where(sql`${table.nextDigestAt} is not null`),
  ],
);

export const jobAlertDigestStates = ['claimed', 'sent', 'empty'] as const;
export type JobAlertDigestState = (typeof jobAlertDigestStates)[number];

export const jobAlertDigests = pgTable(
  'job_alert_digests',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    // The due date claimed: one digest per alert and period, whichever worker claims it.
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    // The jobs published in (windowStart, windowEnd].
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    state: text('state', { enum: jobAlertDigestStates }).notNull().default('claimed'),
    jobCount: integer('job_count'),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('job_alert_digests_alert_due_unique').on(table.alertId, table.dueAt),
    check('job_alert_digests_state_check', isOneOf(table.state, jobAlertDigestStates)),
    // Digests claimed by a worker that stopped before sending them (decision 0018).
    index('job_alert_digests_unsent_idx')
      .on(table.claimedAt)
      .where(sql`${table.state} = 'claimed'`),
  ],
);

export type Bookmark = typeof bookmarks.$inferSelect;
export type JobAlert = typeof jobAlerts.$inferSelect;
export type JobAlertDigest = typeof jobAlertDigests.$inferSelect;

/**
 * Resume alerts (issue 17): a recruiter's saved resume search (the resume search's GraphQL input, without
 * page), mailed as a digest of the resumes newly shown to recruiters every day, week or month (SPEC 9). The
 * recruiter's account's address is used (read at send time); digests are claimed as job alert digests are
 * (decision 0018, the shared digest runner).
 */
export interface SavedResumeSearch {
  search?: string | null;
  place?: string | null;
  radius?: number | null;
  location?: {
    lat: number;
    lon: number;
    radius?: number | null;
    label?: string | null;
    locationType?: 'city' | 'administrative_area' | 'country' | null;
  } | null;
  facets?: { field: string; values: string[] }[] | null;
}

export const resumeAlerts = pgTable(
  'resume_alerts',
  {
    id: serial('id').primaryKey(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The recruiter's organization when it was saved.
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    search: jsonb('search').$type<SavedResumeSearch>().notNull(),
    label: text('label').notNull(),
    searchPath: text('search_path').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    tokenKey: text('token_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    // Null while paused.
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('resume_alerts_interval_check', isOneOf(table.intervalSeconds, jobAlertIntervals)),
    index('resume_alerts_user_frontend_idx').on(table.userId, table.frontend),
    index('resume_alerts_due_idx')
      .on(table.nextDigestAt)
      .where(sql`${table.nextDigestAt} is not null`),
  ],
);

export const resumeAlertDigests = pgTable(
  'resume_alert_digests',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => resumeAlerts.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    // The resumes shown to recruiters in (windowStart, windowEnd].
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    state: text('state', { enum: jobAlertDigestStates }).notNull().default('claimed'),
    resumeCount: integer('resume_count'),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('resume_alert_digests_alert_due_unique').on(table.alertId, table.dueAt),
    check('resume_alert_digests_state_check', isOneOf(table.state, jobAlertDigestStates)),
    index('resume_alert_digests_unsent_idx')
      .on(table.claimedAt)
      .where(sql`${table.state} = 'claimed'`),
  ],
);

export type ResumeAlert = typeof resumeAlerts.$inferSelect;
