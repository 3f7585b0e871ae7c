import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, isOneOf } from './columns.ts';
import { roleIds } from '../../../lib/roles.ts';
import { organizations } from './organizations.ts';

/** The column's values are the role vocabulary of src/lib/roles.ts. */
export { roleIds, type RoleId } from '../../../lib/roles.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Null for accounts that only sign in through a social provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    approved: boolean('approved').notNull().default(false),
    /** Session tokens issued before this instant are rejected (sign-out everywhere, password change). */
    tokensNotBefore: timestamp('tokens_not_before', { withTimezone: true }),
    activeOrganizationId: integer('active_organization_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    // Lower-case storage makes the unique index case-insensitive without citext.
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roleIds }).notNull(),
    targetId: text('target_id'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check('user_roles_role_check', isOneOf(table.role, roleIds)),
  ],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isOwner: boolean('is_owner').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user_id_idx').on(table.userId),
  ],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  roles: many(userRoles),
  memberships: many(organizationMembers),
  activeOrganization: one(organizations, { fields: [users.activeOrganizationId], references: [organizations.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}));

export const organizationMembersRelations = relations(organizationMembers, ({ one }) => ({
  organization: one(organizations, { fields: [organizationMembers.organizationId], references: [organizations.id] }),
  user: one(users, { fields: [organizationMembers.userId], references: [users.id] }),
}));

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserRole = typeof userRoles.$inferSelect;
export type NewUserRole = typeof userRoles.$inferInsert;
export type OrganizationMember = typeof organizationMembers.$inferSelect;
export type NewOrganizationMember = typeof organizationMembers.$inferInsert;
