import { z } from 'zod';
import { jobStateChangeSchema } from '../../../lib/jobs/job-schema.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import { changeManagedJob, requireJobPoster } from './job-access.ts';
import { actionsByState, archiveJob, extendJob, repostJob, submitJob, withdrawnReason } from './job-workflow.ts';
import { requirePublishable, type JobServiceOptions } from './job-fields.ts';

const idSchema = z.object({ id: z.number().int().positive() });

/**
 * changeJobState: publish (submit a draft and pay for it), withdraw, extend or repost a job the viewer
 * manages, in one transaction with the job's row locked. Publishing a job that was already published by
 * an earlier, retried request answers the job as it is, without paying again.
 */
export async function changeJobState(
  options: JobServiceOptions & { id: unknown; action: unknown; expiresAt?: unknown },
): Promise<JobRow> {
  const { db, viewer, loaders, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const { id } = parseInput(idSchema, { id: options.id });
  const { action, expiresAt } = parseInput(
    jobStateChangeSchema,
    { action: options.action, expiresAt: options.expiresAt },
    { locale },
  );
  return changeManagedJob(
    { db, viewer, loaders, jobId: id, brandId: brand.id, locale },
    async (tx, job, organization) => {
      if (action === 'publish' && job.state !== 'draft' && job.state !== 'archived') {
        // A retry of a publish that went through: the job is submitted (or live) and paid; nothing to do.
        return job;
      }
      if (!actionsByState[job.state].includes(action)) {
        throw new AppError('CONFLICT', { key: 'job.error.transition', locale });
      }
      const until = expiresAt ? new Date(expiresAt) : null;
      switch (action) {
        case 'publish':
          await requirePublishable(tx, job, brand, locale);
          return submitJob({ tx, job, organization, viewer, locale });
        case 'withdraw':
          return archiveJob(tx, job, viewer.userId, withdrawnReason);
        case 'extend':
          return extendJob(tx, job, viewer.userId, until, locale);
        case 'repost':
          await requirePublishable(tx, job, brand, locale);
          return repostJob({ tx, job, organization, viewer, expiresAt: until, locale });
      }
    },
  );
}
