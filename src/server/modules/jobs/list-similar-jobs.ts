import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { jobLocations, jobOccupationalFields, jobs } from '../../db/schema/jobs.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from './job-columns.ts';
import { isOpenJob } from './job-visibility.ts';

const inputSchema = z.object({
  jobId: z.number().int().positive({ error: 'jobId must be a positive number' }),
  limit: z
    .number()
    .int()
    .min(1, { error: 'limit must be between 1 and 10' })
    .max(10, { error: 'limit must be between 1 and 10' })
    .nullish(),
});

/**
 * Open jobs in the same occupational field as a job, nearest to its first place of work first, then the
 * newest. Shown below every job page, also when the job itself is no longer available.
 */
export async function listSimilarJobs(options: { db: Database; input: unknown }): Promise<JobRow[]> {
  const { db } = options;
  const { jobId, limit } = parseInput(inputSchema, options.input);
  const fields = await db
    .select({ termId: jobOccupationalFields.termId })
    .from(jobOccupationalFields)
    .where(eq(jobOccupationalFields.jobId, jobId));
  if (fields.length === 0) return [];
  const [origin] = await db
    .select({ latitude: jobLocations.latitude, longitude: jobLocations.longitude })
    .from(jobLocations)
    .where(eq(jobLocations.jobId, jobId))
    .orderBy(jobLocations.weight, jobLocations.id)
    .limit(1);
  const sameField = db
    .select({ jobId: jobOccupationalFields.jobId })
    .from(jobOccupationalFields)
    .where(
      inArray(
        jobOccupationalFields.termId,
        fields.map((field) => field.termId),
      ),
    );
  const distance = origin
    ? sql`(select min(earth_distance(ll_to_earth(${origin.latitude}, ${origin.longitude}), ll_to_earth(${jobLocations.latitude}, ${jobLocations.longitude}))) from ${jobLocations} where ${jobLocations.jobId} = ${jobs.id})`
    : sql`0`;
  return db
    .select(jobColumns)
    .from(jobs)
    .where(and(isOpenJob(), ne(jobs.id, jobId), inArray(jobs.id, sameField)))
    .orderBy(sql`${distance} asc nulls last`, desc(jobs.publishedAt), desc(jobs.id))
    .limit(limit ?? 4);
}
