import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import { changeManagedJob, requireStaff } from './job-access.ts';
import { approveJobInReview } from './job-workflow.ts';
import type { JobServiceOptions } from './job-fields.ts';

const idSchema = z.object({ id: z.number().int().positive() });

/** approveJob (staff): a job in review goes live, or is scheduled for its publish date. */
export async function approveJob(options: JobServiceOptions & { id: unknown }): Promise<JobRow> {
  const { db, viewer, loaders, brand, locale } = options;
  requireStaff(viewer, locale);
  const { id } = parseInput(idSchema, { id: options.id });
  return changeManagedJob({ db, viewer, loaders, jobId: id, brandId: brand.id, locale }, async (tx, job) => {
    if (job.state !== 'needs_review') throw new AppError('CONFLICT', { key: 'job.error.transition', locale });
    return approveJobInReview(tx, job, viewer.userId);
  });
}
