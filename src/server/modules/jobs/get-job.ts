import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { jobs } from '../../db/schema/jobs.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';
import { parseInput } from '../../validation.ts';
import { getOrganizationAccess } from '../organizations/get-organization-access.ts';
import { jobColumns, type JobRow } from './job-columns.ts';
import { isJobOfBrand, publicJobStates } from './job-visibility.ts';

const inputSchema = z.object({ id: z.number().int().positive({ error: 'id must be a positive job id' }) });

const jobOfBrand = preparedPerDatabase((db) =>
  db
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.id, sql.placeholder('id')), isJobOfBrand(sql.placeholder('brandId'))))
    .prepare('job_of_brand'),
);

/**
 * One job of the request's brand by id. Published and archived jobs (expired ones too) are public; jobs
 * that are drafts, still need review or are scheduled are shown only to those who manage the
 * organization's jobs (its recruiters) and to staff, null otherwise. Another brand's job is null for everyone.
 */
export async function getJob(options: {
  db: Database;
  viewer: Viewer;
  loaders: Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;
  brandId: string;
  input: unknown;
}): Promise<JobRow | null> {
  const { db, viewer, loaders } = options;
  const { id } = parseInput(inputSchema, options.input);
  const [job] = await jobOfBrand(db).execute({ id, brandId: options.brandId });
  if (!job) return null;
  if (publicJobStates.includes(job.state)) return job;
  const organization = await loaders.organization.load(job.organizationId);
  if (!organization) return null;
  const access = await getOrganizationAccess({ viewer, loaders, organization });
  return access.canManageJobs ? job : null;
}
