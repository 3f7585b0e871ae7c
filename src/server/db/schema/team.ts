/**
 * Issue 15 part 4, the team of an organization (decision 0024): the owner invites further recruiters by
 * e-mail. An invitation is a signed link (src/server/auth/link-tokens.ts over its random token key) that
 * expires, is used once and can be revoked; members are organization_members, the owner is
 * organizations.owner_user_id.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../../brands/types.ts';
import { createdAt } from './columns.ts';
import { organizations, users } from './users.ts';

export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The invited address, lower-cased: only the account with this address may accept. */
    email: text('email').notNull(),
    /** The language of the invitation mail and of the link. */
    locale: text('locale').$type<Locale>().notNull(),
    /** Random; the link's signature covers it, so a new key (or deleting the row) voids every link. */
    tokenKey: text('token_key').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // The team page's pending invitations of an organization.
    index('organization_invitations_pending_idx')
      .on(table.organizationId, table.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

export type OrganizationInvitation = typeof organizationInvitations.$inferSelect;
