import { z } from 'zod';
import type { JobFields } from '../../../lib/jobs/job-schema.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { changeManagedJob, requireJobPoster } from './job-access.ts';
import { formValuesOf } from './job-form-values.ts';
import { recordStateChange } from './job-workflow.ts';
import { columnsOf, writeRelations, type JobServiceOptions } from './job-fields.ts';

/** duplicateJob: a copy of a job the viewer manages, as a new draft of the same organization. */
export async function duplicateJob(options: JobServiceOptions & { id: unknown }): Promise<JobRow> {
  const { db, viewer, loaders, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const { id } = parseInput(z.object({ id: z.number().int().positive() }), { id: options.id });
  return changeManagedJob(
    { db, viewer, loaders, jobId: id, brandId: brand.id, locale },
    async (tx, original, organization) => {
      const values = await formValuesOf(tx, original);
      // The copy starts afresh: no dates of the original's posting.
      const fields: JobFields = { ...values, publishedAt: null, expiresAt: null };
      const references = {
        skillLabels: original.skillsText ? [original.skillsText] : [],
        fileKey: original.fileKey,
      };
      const [job] = await tx
        .insert(jobs)
        // The description was sanitised when it was saved; the copy keeps it as it is (staff embeds too).
        .values({
          ...columnsOf(fields, organization, original.description, references),
          state: 'draft',
          frontend: organization.frontend,
        })
        .returning(jobColumns);
      if (!job) throw new Error('Inserting the copy returned no row.');
      await writeRelations(tx, job.id, fields);
      await recordStateChange(tx, {
        jobId: job.id,
        actorUserId: viewer.userId,
        from: null,
        to: 'draft',
        reason: `copy of job ${original.id}`,
      });
      return job;
    },
  );
}
