import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator } from '../../../i18n/index.ts';
import {
  homePickMax,
  homePickModules,
  homePicksSchema,
  isHomeModuleEnabled,
  isJobModule,
  type HomePickModule,
} from '../../../lib/home/home-picks.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { homePicks } from '../../db/schema/home.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizations } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { requireStaff } from '../job-posting/job-access.ts';

export interface HomePickList {
  module: HomePickModule;
  max: number;
  enabled: boolean;
  items: { id: number; title: string }[];
}

/** What staff chose for each module of the brand, with each target's title (staff only). */
export async function listHomePicks(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}): Promise<HomePickList[]> {
  const { db, brand } = options;
  const frontend = brand.id as BrandId;
  requireStaff(options.viewer, options.locale);
  const [jobRows, organizationRows] = await Promise.all([
    db
      .select({ module: homePicks.module, id: jobs.id, title: jobs.title })
      .from(homePicks)
      .innerJoin(jobs, eq(jobs.id, homePicks.targetId))
      .where(
        and(eq(homePicks.frontend, frontend), inArray(homePicks.module, ['featured_jobs', 'video_jobs', 'top_jobs'])),
      )
      .orderBy(asc(homePicks.position)),
    db
      .select({ module: homePicks.module, id: organizations.id, title: organizations.name })
      .from(homePicks)
      .innerJoin(organizations, eq(organizations.id, homePicks.targetId))
      .where(
        and(
          eq(homePicks.frontend, frontend),
          inArray(homePicks.module, ['featured_organizations', 'training_organizations']),
        ),
      )
      .orderBy(asc(homePicks.position)),
  ]);
  const rows = [...jobRows, ...organizationRows];
  return homePickModules.map((module) => ({
    module,
    max: homePickMax(brand, module),
    enabled: isHomeModuleEnabled(brand, module),
    items: rows.filter((row) => row.module === module).map(({ id, title }) => ({ id, title })),
  }));
}

/**
 * Staff replace the picks of one home page module of the request's brand, in the given order: jobs of the
 * brand for the job modules (jobs with a video for the video module), published organizations of the brand
 * for the organization modules, within the module's range. All or nothing; the write bumps the content
 * revision (migration 0024), so the cached home page shows the new choice at once.
 */
export async function setHomePicks(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<HomePickList> {
  const { db, brand, locale } = options;
  const frontend = brand.id as BrandId;
  requireStaff(options.viewer, locale);
  const t = createTranslator(locale);
  const moduleName = (options.input as { module?: unknown } | null)?.module;
  const module = homePickModules.find((candidate) => candidate === moduleName) ?? 'featured_jobs';
  const input = parseInput(homePicksSchema(brand, module), options.input, { locale });
  if (!isHomeModuleEnabled(brand, input.module)) {
    const message = t('home.picks.error.disabled');
    throw new AppError('BAD_USER_INPUT', message, { fieldErrors: { module: message } });
  }
  const found = new Map<number, string>();
  if (input.ids.length > 0) {
    const rows: { id: number; title: string; videoUrl: string | null }[] = isJobModule(input.module)
      ? await db
          .select({ id: jobs.id, title: jobs.title, videoUrl: jobs.videoUrl })
          .from(jobs)
          .where(and(inArray(jobs.id, input.ids), eq(jobs.frontend, frontend)))
      : (
          await db
            .select({ id: organizations.id, title: organizations.name })
            .from(organizations)
            .where(
              and(
                inArray(organizations.id, input.ids),
                eq(organizations.frontend, frontend),
                eq(organizations.published, true),
              ),
            )
        ).map((row) => ({ ...row, videoUrl: null }));
    for (const row of rows) {
      if (input.module === 'video_jobs' && !row.videoUrl) continue;
      found.set(row.id, row.title);
    }
  }
  const missing = input.ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const key =
      input.module === 'video_jobs'
        ? 'home.picks.error.noVideoJob'
        : isJobModule(input.module)
          ? 'home.picks.error.noJob'
          : 'home.picks.error.noOrganization';
    const message = t(key, { ids: missing.join(', ') });
    throw new AppError('BAD_USER_INPUT', message, { fieldErrors: { ids: message } });
  }
  await db.transaction(async (tx) => {
    await tx.delete(homePicks).where(and(eq(homePicks.frontend, frontend), eq(homePicks.module, input.module)));
    if (input.ids.length > 0) {
      await tx
        .insert(homePicks)
        .values(input.ids.map((targetId, position) => ({ frontend, module: input.module, position, targetId })));
    }
  });
  return {
    module: input.module,
    max: homePickMax(brand, input.module),
    enabled: true,
    items: input.ids.map((id) => ({ id, title: found.get(id) ?? '' })),
  };
}
