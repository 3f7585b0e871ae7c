import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { contentLanguages, createdAt, isOneOf, updatedAt } from './columns.ts';
import { taxonomyTerms } from './taxonomy.ts';

export const pathAliasTargetKinds = ['Job', 'LandingPage', 'OrganizationProfile'] as const;
export type PathAliasTargetKind = (typeof pathAliasTargetKinds)[number];

export const redirectStatusCodes = [301, 302, 307, 308, 410] as const;
export type RedirectStatusCode = (typeof redirectStatusCodes)[number];

export interface MetaTag {
  meta: string;
  value: string;
}

export const appConfig = pgTable(
  'app_config',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    value: text('value'),
  },
  (table) => [unique('app_config_name_key_unique').on(table.name, table.key)],
);

/** SEO landing pages ("Pflege-Jobs in Stuttgart"): a fixed search with an introduction. */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    introHtml: text('intro_html'),
    occupationalFieldId: integer('occupational_field_id').references(() => taxonomyTerms.id, {
      onDelete: 'set null',
    }),
    region: text('region'),
    locality: text('locality'),
    language: text('language', { enum: contentLanguages }).notNull().default('de'),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('landing_pages_path_unique').on(table.path),
    check('landing_pages_language_check', isOneOf(table.language, contentLanguages)),
  ],
);

/** Resolves a URL path to an entity (SPEC section 2, route lookup). */
export const pathAliases = pgTable(
  'path_aliases',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    targetKind: text('target_kind', { enum: pathAliasTargetKinds }).notNull(),
    targetId: integer('target_id').notNull(),
    language: text('language', { enum: contentLanguages }),
  },
  (table) => [
    uniqueIndex('path_aliases_path_unique').on(table.path),
    index('path_aliases_target_idx').on(table.targetKind, table.targetId),
    check('path_aliases_target_kind_check', isOneOf(table.targetKind, pathAliasTargetKinds)),
    check('path_aliases_language_check', isOneOf(table.language, contentLanguages)),
  ],
);

export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    sourcePath: text('source_path').notNull(),
    /** Path or absolute URL; ignored for 410 Gone. */
    target: text('target'),
    statusCode: integer('status_code').$type<RedirectStatusCode>().notNull().default(301),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('redirects_source_path_unique').on(table.sourcePath),
    check('redirects_status_code_check', isOneOf(table.statusCode, redirectStatusCodes)),
    check('redirects_target_check', sql`${table.statusCode} = 410 or ${table.target} is not null`),
  ],
);

export const seoMetatags = pgTable(
  'seo_metatags',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    language: text('language', { enum: contentLanguages }).notNull().default('de'),
    tags: jsonb('tags').$type<MetaTag[]>().notNull().default([]),
  },
  (table) => [
    unique('seo_metatags_path_language_unique').on(table.path, table.language),
    check('seo_metatags_language_check', isOneOf(table.language, contentLanguages)),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    /** Issue 19: each brand has its own blog (a brand sees only its own posts). */
    frontend: text('frontend').$type<BrandId>().notNull().default('tagblatt'),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    teaser: text('teaser'),
    /** Sanitised on save (src/server/html/sanitize.ts). */
    bodyHtml: text('body_html'),
    /** Site path of the teaser image (1000×500, re-encoded on upload), or null. */
    imageUrl: text('image_url'),
    author: text('author'),
    /** Issue 19: the slug of one of the job categories (src/lib/job-categories.ts): its listing and related jobs. */
    category: text('category'),
    /** Issue 19: lowercase tags, each with its own listing page. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null while a draft; in the future while scheduled. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    language: text('language', { enum: contentLanguages }).notNull().default('de'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('blog_posts_frontend_slug_unique').on(table.frontend, table.slug),
    index('blog_posts_language_published_at_idx').on(table.language, table.publishedAt.desc()),
    index('blog_posts_frontend_published_at_idx').on(table.frontend, table.publishedAt.desc()),
    check('blog_posts_language_check', isOneOf(table.language, contentLanguages)),
  ],
);

export type AppConfigEntry = typeof appConfig.$inferSelect;
export type NewAppConfigEntry = typeof appConfig.$inferInsert;
export type LandingPage = typeof landingPages.$inferSelect;
export type NewLandingPage = typeof landingPages.$inferInsert;
export type PathAlias = typeof pathAliases.$inferSelect;
export type NewPathAlias = typeof pathAliases.$inferInsert;
export type Redirect = typeof redirects.$inferSelect;
export type NewRedirect = typeof redirects.$inferInsert;
export type SeoMetatags = typeof seoMetatags.$inferSelect;
export type NewSeoMetatags = typeof seoMetatags.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
