import { boolean, check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
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

/** Proof of consent: kept when the user account is deleted, and the consented text cannot be deleted. */
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
  },
  (table) => [
    index('consent_records_mail_info_id_idx').on(table.mail, table.infoId),
    index('consent_records_user_id_idx').on(table.userId),
  ],
);

export type ConsentInfo = typeof consentInfos.$inferSelect;
export type NewConsentInfo = typeof consentInfos.$inferInsert;
export type ConsentInfoRevision = typeof consentInfoRevisions.$inferSelect;
export type NewConsentInfoRevision = typeof consentInfoRevisions.$inferInsert;
export type ConsentRecord = typeof consentRecords.$inferSelect;
export type NewConsentRecord = typeof consentRecords.$inferInsert;
