import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import type { BrandId } from '../../../../brands/ids.ts';
import { createdAt, isOneOf } from './columns.ts';

/** The home page modules staff fill by hand (SPEC 9, issues 15 and 19), each with its own range. */
export const homeModules = [
  'featured_jobs',
  'video_jobs',
  'top_jobs',
  'featured_organizations',
  'training_organizations',
] as const;
export type HomeModule = (typeof homeModules)[number];

/**
 * One job or organization staff chose for a home page module of a brand, at its position. The target is
 * a job for the job modules and an organization for the organization modules (checked when written);
 * a target that is no longer open or published is left out when the page is read.
 */
export const homePicks = pgTable(
  'home_picks',
  {
    id: serial('id').primaryKey(),
    frontend: text('frontend').$type<BrandId>().notNull(),
    module: text('module', { enum: homeModules }).notNull(),
    position: integer('position').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('home_picks_frontend_module_target_unique').on(table.frontend, table.module, table.targetId),
    index('home_picks_frontend_module_position_idx').on(table.frontend, table.module, table.position),
    check('home_picks_module_check', isOneOf(table.module, homeModules)),
  ],
);

export type HomePick = typeof homePicks.$inferSelect;
