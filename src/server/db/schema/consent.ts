import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { contentLanguages, createdAt, isOneOf } from './columns.ts';
import { users } from './users.ts';

/** A consent text (terms, privacy policy, newsletter…); its wording lives in revisions. */
export const consentInfos = pgTable(
  'consent_infos',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    placement: text('placement'),
    optIn: boolean('opt_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('consent_infos_type_placement_idx').on(table.type, table.placement)],
);

export const consentInfoRevisions = pgTable(
  'consent_info_revisions',
  {
    id: serial('id').primaryKey(),
    infoId: integer('info_id')
      .notNull()
      // Revisions that someone consented to are evidence; consent_records restricts their deletion.
      .references(() => consentInfos.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    language: text('language', { enum: contentLanguages }).notNull(),
    text: text('text').notNull(),
    path: text('path'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('consent_info_revisions_info_revision_language_unique').on(table.infoId, table.revision, table.language),
    check('consent_info_revisions_language_check', isOneOf(table.language, contentLanguages)),
  ],
);

/**
 * How a consent was given or withdrawn (issue 18): `session` in the signed-in user's own session for their
 * own address; `email` for an address by someone not signed in as its owner, proven by the double opt-in link;
 * `social` at a sign-up through a social provider, started from the registration page below the text (proven
 * when the provider verified the address, else by the verification link).
 */
export const consentMethods = ['session', 'email', 'social'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

/**
 * Proof of consent: kept when the user account is deleted, and the consented text cannot be deleted. It
 * counts for an account only once proven (`verified_at`: at once in the user's own session, after the
 * double opt-in link for consent by e-mail) and until withdrawn; a withdrawal is recorded, not deleted.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    mail: text('mail').notNull(),
    infoId: integer('info_id')
      .notNull()
      .references(() => consentInfos.id, { onDelete: 'restrict' }),
    infoRevisionId: integer('info_revision_id')
      .notNull()
      .references(() => consentInfoRevisions.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Where the text was shown (the info's placement when consent was given). */
    placement: text('placement'),
    method: text('method', { enum: consentMethods }).notNull().default('session'),
    /** When the consent was proven; null while a consent by e-mail waits for its link. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Random key the signed links of the double opt-in mail are made with (null for session consents). */
    tokenKey: text('token_key'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawalMethod: text('withdrawal_method', { enum: consentMethods }),
  },
  (table) => [
    index('consent_records_mail_info_id_idx').on(table.mail, table.infoId),
    index('consent_records_user_id_idx').on(table.userId),
    check('consent_records_method_check', isOneOf(table.method, consentMethods)),
    check(
      'consent_records_withdrawal_check',
      sql`(${table.withdrawnAt} is null) = (${table.withdrawalMethod} is null)`,
    ),
  ],
);

export type ConsentInfo = typeof consentInfos.$inferSelect;
export type NewConsentInfo = typeof consentInfos.$inferInsert;
export type ConsentInfoRevision = typeof consentInfoRevisions.$inferSelect;
export type NewConsentInfoRevision = typeof consentInfoRevisions.$inferInsert;
export type ConsentRecord = typeof consentRecords.$inferSelect;
export type NewConsentRecord = typeof consentRecords.$inferInsert;
