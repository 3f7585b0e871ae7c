import { jobSchemaFor } from '../../../lib/jobs/job-schema.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { requireJobOrganization, requireJobPoster } from './job-access.ts';
import { recordStateChange, submitJob } from './job-workflow.ts';
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
 * createJob: a new job of an organization the viewer manages jobs of, on the request's brand. Validated
 * with the one job schema (field errors in the visitor's language), the HTML sanitised (full_html only
 * for staff), everything in one transaction: a refusal anywhere (a term of the wrong vocabulary, no
 * credits to publish) leaves nothing behind.
 */
export async function createJob(options: JobServiceOptions & { input: unknown; publish?: unknown }): Promise<JobRow> {
  const { db, viewer, loaders, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const publish = parseInput(mutationSchema, { publish: options.publish }).publish ?? false;
  const fields = parseInput(jobSchemaFor(modeFor(null, publish)), options.input, { locale });
  const organization = await requireJobOrganization({
    viewer,
    loaders,
    organizationId: fields.organizationId,
    brandId: brand.id,
    locale,
  });
  return db.transaction(async (tx) => {
    const references = await checkReferences(tx, fields, brand, locale);
    const [job] = await tx
      .insert(jobs)
      .values({
        ...columnsOf(fields, organization, sanitizedDescription(fields.description, viewer), references),
        state: 'draft',
        frontend: organization.frontend,
      })
      .returning(jobColumns);
    if (!job) throw new Error('Inserting the job returned no row.');
    await writeRelations(tx, job.id, fields);
    await recordStateChange(tx, { jobId: job.id, actorUserId: viewer.userId, from: null, to: 'draft' });
    return publish ? submitJob({ tx, job, organization, viewer, locale }) : job;
  });
}
