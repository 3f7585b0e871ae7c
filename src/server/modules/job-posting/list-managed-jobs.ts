import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { isStaff } from '../../auth/viewer.ts';
import { jobs, jobStates } from '../../db/schema/jobs.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { requireJobPoster } from './job-access.ts';
import { page, pageOf, type JobPage, type ListOptions } from './job-page.ts';

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
