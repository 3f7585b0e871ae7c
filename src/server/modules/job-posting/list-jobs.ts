import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobs, jobStates } from '../../db/schema/jobs.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { requireJobPoster, requireStaff } from './job-access.ts';

export interface JobPage {
  jobs: JobRow[];
  total: number;
  pageSize: number;
}

interface ListOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}

const page = z.number().int().min(1).max(10_000).nullish();

async function pageOf(db: Database, where: SQL | undefined, order: SQL[], pageNumber: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select(jobColumns)
      .from(jobs)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { jobs: rows, total: totals[0]?.total ?? 0, pageSize };
}

/**
 * The job manager (SPEC section 2): jobs of the request's brand of the organizations whose jobs the
 * viewer manages (one of them with organizationId; staff: any organization, but only when named), newest
 * first, optionally of one state, the brand's jobs page size (10) per page.
 */
export async function listManagedJobs(options: ListOptions): Promise<JobPage> {
  const { db, viewer, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const input = parseInput(
    z.object({ organizationId: z.number().int().positive().nullish(), state: z.enum(jobStates).nullish(), page }),
    options.input,
  );
  const mine = await findViewerOrganizations({ db, viewer });
  const managed = mine.belongsTo.filter((organization) => mine.accessTo(organization).canManageJobs);
  let organizationIds = managed.map((organization) => organization.id);
  if (input.organizationId) {
    if (!organizationIds.includes(input.organizationId) && !isStaff(viewer)) {
      throw new AppError('FORBIDDEN', { key: 'job.error.forbidden', locale });
    }
    organizationIds = [input.organizationId];
  }
  const pageSize = brand.constants.pageSize.jobs;
  if (organizationIds.length === 0) return { jobs: [], total: 0, pageSize };
  const where = and(
    isJobOfBrand(brand.id),
    inArray(jobs.organizationId, organizationIds),
    input.state ? eq(jobs.state, input.state) : undefined,
  );
  return pageOf(db, where, [desc(jobs.createdAt), desc(jobs.id)], input.page ?? 1, pageSize);
}

/**
 * The staff's moderation queue of the request's brand: jobs in review first, then the other states asked
 * for, each oldest first (who waits longest comes first).
 */
export async function listModerationQueue(options: ListOptions): Promise<JobPage> {
  const { db, viewer, brand, locale } = options;
  requireStaff(viewer, locale);
  const input = parseInput(z.object({ states: z.array(z.enum(jobStates)).max(5).nullish(), page }), options.input);
  const states = input.states?.length ? input.states : (['needs_review'] as const);
  const where = and(isJobOfBrand(brand.id), inArray(jobs.state, [...states]));
  const order = [sql`case when ${jobs.state} = 'needs_review' then 0 else 1 end`, asc(jobs.updatedAt), asc(jobs.id)];
  return pageOf(db, where, order, input.page ?? 1, brand.constants.pageSize.jobs);
}
