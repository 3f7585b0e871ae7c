/**
 * First-party measurement events (src/server/modules/analytics): what the `dispatch` parameter names after
 * sign-in or sign-up, and the browser's one signup-start event after a new social sign-up.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

export const analyticsEventNames = [
  'login',
  'sign_up',
  'sign_up_start',
  // The applicant side (issue 14): recorded by the server when they happen, forwarded by the analytics issue.
  'job_apply_start',
  'job_apply_complete',
  'job_bookmark',
  'job_alert_signup',
  // A visitor followed a link job's apply button to the employer's own ad (issue 14).
  'view_original_ad',
] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** Event parameters (path, method, …): plain strings, as measurement tools take them. */
export type AnalyticsDimensions = Record<string, string>;

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    name: text('name', { enum: analyticsEventNames }).notNull(),
    // Events outlive the account they describe: they are counted, not tied to a person.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The brand the event happened on (NULL for the account events recorded before brands were stored).
    frontend: text('frontend').$type<BrandId>(),
    // The job an applicant event is about; kept as a number when the job is deleted (events are counted).
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    dimensions: jsonb('dimensions').$type<AnalyticsDimensions>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('analytics_events_name_created_at_idx').on(table.name, table.createdAt),
    index('analytics_events_user_id_idx').on(table.userId),
    index('analytics_events_job_id_idx').on(table.jobId),
    // SPEC section 4: one signup-start event per new social sign-up, even when two tabs send it at once.
    uniqueIndex('analytics_events_sign_up_start_user_unique')
      .on(table.userId)
      .where(sql`${table.name} = 'sign_up_start'`),
    check('analytics_events_name_check', isOneOf(table.name, analyticsEventNames)),
  ],
);

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;
