import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { createdAt, updatedAt } from './columns.ts';
import { consentRecords } from './consent.ts';

/**
 * A newsletter subscription of an address on a brand (issue 19): pending until the address confirms
 * (double opt-in), then confirmed until it unsubscribes. Sending campaigns is left to the publisher's mail
 * service (decision 0026): staff export the confirmed addresses.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    /** Lower-case. */
    email: text('email').notNull(),
    /** The language of its mails (a locale of the brand). */
    locale: text('locale').notNull(),
    /** Random, part of every signed token of it (confirm, unsubscribe); renewed on a new sign-up. */
    tokenKey: text('token_key').notNull(),
    /** The consent (text and revision) the address gave at its latest sign-up (the consent module's record). */
    consentRecordId: integer('consent_record_id').references(() => consentRecords.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_frontend_email_unique').on(table.frontend, table.email),
    index('newsletter_subscribers_confirmed_idx')
      .on(table.frontend, table.confirmedAt)
      .where(sql`${table.confirmedAt} is not null and ${table.unsubscribedAt} is null`),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
