import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from './job-columns.ts';
import { isJobOfBrand, isOpenJob } from './job-visibility.ts';

export const latestJobsMaxLimit = 50;

/** The order of the latest jobs: newest published first (undated last), then newest id. */
export const newestJobsFirst = [sql`${jobs.publishedAt} desc nulls last`, desc(jobs.id)];

const inputSchema = z.object({
  limit: z
    .number()
    .int()
    .min(1, { error: `limit must be between 1 and ${latestJobsMaxLimit}` })
    .max(latestJobsMaxLimit, { error: `limit must be between 1 and ${latestJobsMaxLimit}` })
    .nullish(),
  offset: z
    .number()
    .int()
    .min(0, { error: 'offset must be 0 or more' })
    .max(10_000, { error: 'offset must be at most 10000' })
    .nullish(),
});

/**
 * The newest open jobs (published, not expired) of the request's brand, newest first, with their total;
 * with `organizationId`, those of one organization (its profile page); with `categorySlug`, those of a job category. The total rides along on every row
 * (a window count), so a page costs one query.
 */
export async function listLatestJobs(options: {
  db: Database;
  brandId: string;
  input: unknown;
  organizationId?: number;
  /** Issue 19: only jobs in this job category (an occupational field's slug), e.g. a blog post's related jobs. */
  categorySlug?: string;
}): Promise<{ jobs: JobRow[]; total: number }> {
  const { db } = options;
  const open = and(
    isOpenJob(),
    isJobOfBrand(options.brandId),
    options.organizationId === undefined ? undefined : eq(jobs.organizationId, options.organizationId),
    options.categorySlug === undefined
      ? undefined
      : sql`exists (select 1 from job_occupational_fields f join taxonomy_terms t on t.id = f.term_id
          where f.job_id = ${jobs.id} and t.vocabulary = 'occupational_field' and t.slug = ${options.categorySlug})`,
  );
  const input = parseInput(inputSchema, options.input);
  const limit = input.limit ?? 10;
  const offset = input.offset ?? 0;
  const rows = await db
    .select({ job: jobColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(jobs)
    .where(open)
    .orderBy(...newestJobsFirst)
    .limit(limit)
    .offset(offset);
  if (rows.length > 0 || offset === 0) return { jobs: rows.map((row) => row.job), total: rows[0]?.total ?? 0 };
  // Past the last page the window count has no row to ride on.
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(jobs)
    .where(open);
  return { jobs: [], total: counted?.total ?? 0 };
}
