import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { maxEntityId } from '../../../lib/entity-id.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobFiles, jobs } from '../../db/schema/jobs.ts';
import { isStorageKey, readFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { getJob } from '../jobs/get-job.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';

type AccessLoaders = Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;

/**
 * The PDF of a job_per_file job for GET /api/job-files/{jobId}: for whoever may see the job (public
 * states for everyone, drafts and jobs in review for its recruiters and staff); null otherwise.
 */
export async function readJobFile(options: {
  db: Database;
  viewer: Viewer;
  loaders: AccessLoaders;
  brandId: string;
  input: unknown;
  storageDirectory?: string;
}): Promise<{ data: Uint8Array; fileName: string } | null> {
  const { id } = parseInput(z.object({ id: z.number().int().min(1).max(maxEntityId) }), options.input);
  const job = await getJob({ ...options, input: { id } });
  if (!job?.fileKey || job.jobType !== 'job_per_file' || !isStorageKey(job.fileKey)) return null;
  const data = await readFile({ key: job.fileKey, directory: options.storageDirectory });
  if (!data) return null;
  const [file] = await options.db
    .select({ fileName: jobFiles.fileName })
    .from(jobFiles)
    .innerJoin(jobs, eq(jobs.id, job.id))
    .where(and(eq(jobFiles.storageKey, job.fileKey), eq(jobFiles.organizationId, jobs.organizationId)));
  return { data, fileName: file?.fileName ?? `job-${job.id}.pdf` };
}
