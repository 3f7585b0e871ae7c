import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isStaff } from '../../auth/viewer.ts';
import { jobSchemaFor } from '../../../lib/jobs/job-schema.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { changeManagedJob, requireJobOrganization, requireJobPoster } from './job-access.ts';
import { sendBackToReview, submitJob } from './job-workflow.ts';
import {
  checkReferences,
  columnsOf,
  modeFor,
  mutationSchema,
  sanitizedDescription,
  writeRelations,
  type JobServiceOptions,
} from './job-fields.ts';

/**
 * updateJob: saves the form over a job the viewer manages. A draft may stay incomplete unless it is
 * published now; jobs past the draft must stay complete. The organization may change to another one the
 * viewer manages jobs of.
 */
export async function updateJob(
  options: JobServiceOptions & { id: unknown; input: unknown; publish?: unknown },
): Promise<JobRow> {
  const { db, viewer, loaders, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const { id, publish } = parseInput(mutationSchema.extend({ id: z.number().int().positive() }), {
    id: options.id,
    publish: options.publish,
  });
  // The organization the job is saved for is checked before the transaction (through the loaders).
  const raw = (options.input as { organizationId?: unknown } | null)?.organizationId;
  const target =
    typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0
      ? await requireJobOrganization({ viewer, loaders, organizationId: raw, brandId: brand.id, locale })
      : null;
  return changeManagedJob({ db, viewer, loaders, jobId: id, brandId: brand.id, locale }, async (tx, current, owner) => {
    const fields = parseInput(jobSchemaFor(modeFor(current.state, publish ?? false)), options.input, { locale });
    if (publish && current.state !== 'draft') {
      throw new AppError('CONFLICT', { key: 'job.error.transition', locale });
    }
    const organization = fields.organizationId === owner.id || !target ? owner : target;
    const references = await checkReferences(tx, fields, brand, locale);
    const [job] = await tx
      .update(jobs)
      .set({
        ...columnsOf(fields, organization, sanitizedDescription(fields.description, viewer), references),
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, id))
      .returning(jobColumns);
    if (!job) throw new Error(`Job ${id} vanished while it was saved.`);
    await writeRelations(tx, job.id, fields);
    if (publish) return submitJob({ tx, job, organization, viewer, locale });
    // What staff approved must not change unseen: an untrusted organization's edit goes back to review.
    if ((job.state === 'published' || job.state === 'scheduled') && !isStaff(viewer) && !organization.trusted) {
      return sendBackToReview(tx, job, viewer.userId);
    }
    return job;
  });
}
