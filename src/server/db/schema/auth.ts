/**
 * Tables of the account system (src/server/auth): single-use mail tokens, failed-attempt counters for
 * rate limits, linked social sign-in accounts and the masquerade audit trail.
 */
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns.ts';
import { users } from './users.ts';

export const accountTokenPurposes = ['verify_email', 'reset_password'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

/** Links sent by mail. Only the SHA-256 of the token is stored; a token is used once and expires. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('account_tokens_token_hash_unique').on(table.tokenHash),
    index('account_tokens_user_id_idx').on(table.userId),
    check('account_tokens_purpose_check', isOneOf(table.purpose, accountTokenPurposes)),
  ],
);

/**
 * One row per counted attempt (failed sign-in, registration, account mail), keyed like "signin:ip:1.2.3.4".
 * Limits count the rows of the last hour, so they hold across processes sharing the database.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('auth_attempts_key_created_at_idx').on(table.key, table.createdAt)],
);

/**
 * One row per signed-in session (browser sign-in or masquerade). The session cookie and the backend token
 * carry its id; sign-out sets revoked_at, and a revoked or unknown session is refused on every request.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_user_id_idx').on(table.userId)],
);

/**
 * Fixed-window request counters (GraphQL, _log, uploads) shared by every process on the database: one
 * upsert per counted request. Old windows are deleted now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_window_start_idx').on(table.windowStart),
  ],
);

/** A social sign-in identity (provider + the provider's account id) linked to a user. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerAccountId] }),
    index('auth_accounts_user_id_idx').on(table.userId),
  ],
);

export const masqueradeActions = ['start', 'end'] as const;
export type MasqueradeAction = (typeof masqueradeActions)[number];

/** Every start and end of a staff member acting as another user. No foreign keys: the trail outlives accounts. */
export const masqueradeAudit = pgTable(
  'masquerade_audit',
  {
    id: serial('id').primaryKey(),
    staffUserId: integer('staff_user_id').notNull(),
    targetUserId: integer('target_user_id').notNull(),
    action: text('action', { enum: masqueradeActions }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('masquerade_audit_staff_user_id_idx').on(table.staffUserId),
    check('masquerade_audit_action_check', isOneOf(table.action, masqueradeActions)),
  ],
);

export type AccountToken = typeof accountTokens.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type MasqueradeAuditEntry = typeof masqueradeAudit.$inferSelect;
