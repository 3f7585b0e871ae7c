import { getTableColumns, sql } from 'drizzle-orm';
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
import { addressColumns, coordinateColumns, createdAt, isOneOf, tsvector, updatedAt } from './columns.ts';
import { roleIds } from '../../../lib/roles.ts';
import type { BrandId } from '../../../../brands/ids.ts';

/** The column's values are the role vocabulary of src/lib/roles.ts. */
export { roleIds, type RoleId } from '../../../lib/roles.ts';

/*
 * Users and organizations point at each other (users.active_organization_id, organizations.owner_user_id),
 * so both tables and the memberships between them are defined here: schema files import each other in one
 * direction only. The parts of an organization's page are in organizations.ts, which re-exports the table.
 */

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
    /** SPEC 4: the creation source (utm_source) the visitor arrived with, kept at sign-up; null without one. */
    creationSource: text('creation_source'),
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

/**
 * The organization search's full text (issue 15): name and alternative name (A) above the presentation
 * (D, tags and entities replaced by spaces), in German, the language of nearly every profile. Stored (a
 * generated column), as jobs.search_vector is: ranking a thousand matches recomputed each vector from the
 * presentation's HTML, 0.1 ms a row.
 */
const organizationSearchVector = sql.raw(
  [
    `setweight(to_tsvector('german'::regconfig, coalesce(name, '') || ' ' || coalesce(alternative_name, '')), 'A')`,
    `setweight(to_tsvector('german'::regconfig, regexp_replace(coalesce(presentation, ''), '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')`,
  ].join(' || '),
);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    // Personal info: not public, used for invoicing and account actions.
    salutation: text('salutation'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    position: text('position'),
    // Company info: public once published.
    name: text('name').notNull(),
    ...addressColumns(),
    /** Of the address; null when it could not be geocoded. The organization search's radius reads them. */
    ...coordinateColumns(),
    // Organization page.
    alternativeName: text('alternative_name'),
    logoUrl: text('logo_url'),
    coverUrl: text('cover_url'),
    website: text('website'),
    facebook: text('facebook'),
    twitter: text('twitter'),
    linkedin: text('linkedin'),
    youtube: text('youtube'),
    xing: text('xing'),
    instagram: text('instagram'),
    tiktok: text('tiktok'),
    bluesky: text('bluesky'),
    /** Sanitised HTML (filtered_html). */
    presentation: text('presentation'),
    size: text('size'),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** Marked by staff: the organization's jobs go live without review (SPEC section 4). */
    trusted: boolean('trusted').notNull().default(false),
    /** Public URL path such as /organization/<slug>; set when the page is first saved. */
    path: text('path'),
    ownerUserId: integer('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    frontend: text('frontend').$type<BrandId>().notNull(),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(organizationSearchVector),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('organizations_path_unique').on(table.path),
    index('organizations_search_vector_idx').using('gin', table.searchVector),
    // The organization search's radius (sql-geo.ts inEarthBox), as job_locations_earth_idx for jobs.
    index('organizations_earth_idx').using('gist', sql`ll_to_earth(${table.latitude}, ${table.longitude})`),
    index('organizations_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    // The organization search's base set without a text: the brand's published rows in their order.
    index('organizations_published_search_idx')
      .on(table.frontend, table.featured.desc(), table.name, table.id)
      .where(sql`published`),
    index('organizations_owner_user_id_idx').on(table.ownerUserId),
    index('organizations_published_featured_idx').on(table.published, table.featured),
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
    // The owner is organizations.owner_user_id alone (decision 0024); the owner has a row here too.
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user_id_idx').on(table.userId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserRole = typeof userRoles.$inferSelect;
export type NewUserRole = typeof userRoles.$inferInsert;
/**
 * An organization as the application reads it: every column but the stored search vector, which only the
 * search's SQL reads (a few kilobytes a row, for nothing). Read with `select(organizationColumns)`.
 */
export const organizationColumns = Object.fromEntries(
  Object.entries(getTableColumns(organizations)).filter(([name]) => name !== 'searchVector'),
) as Omit<ReturnType<typeof getTableColumns<typeof organizations>>, 'searchVector'>;
export type Organization = Omit<typeof organizations.$inferSelect, 'searchVector'>;
export type NewOrganization = typeof organizations.$inferInsert;
export type OrganizationMember = typeof organizationMembers.$inferSelect;
export type NewOrganizationMember = typeof organizationMembers.$inferInsert;
