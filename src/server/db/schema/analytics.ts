/**
 * First-party measurement events (src/server/modules/analytics): what the `dispatch` parameter names after
 * sign-in or sign-up, and the browser's one signup-start event after a new social sign-up.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns.ts';
import { users } from './users.ts';

export const analyticsEventNames = ['login', 'sign_up', 'sign_up_start'] as const;
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
    dimensions: jsonb('dimensions').$type<AnalyticsDimensions>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('analytics_events_name_created_at_idx').on(table.name, table.createdAt),
    index('analytics_events_user_id_idx').on(table.userId),
    // SPEC section 4: one signup-start event per new social sign-up, even when two tabs send it at once.
    uniqueIndex('analytics_events_sign_up_start_user_unique')
      .on(table.userId)
      .where(sql`${table.name} = 'sign_up_start'`),
    check('analytics_events_name_check', isOneOf(table.name, analyticsEventNames)),
  ],
);

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;
