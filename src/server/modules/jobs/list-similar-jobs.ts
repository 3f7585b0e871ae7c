import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { jobLocations, jobOccupationalFields, jobs } from '../../db/schema/jobs.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from './job-columns.ts';
import { isJobOfBrand, isOpenJob } from './job-visibility.ts';

/** Jobs within this distance of the job's first place count as nearby (ordered by distance). */
const nearbyRadiusMeters = 100_000;

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
 * Open jobs of the request's brand in the same occupational field as a job of that brand: those within
 * 100 km of its first place of work, nearest first, then the newest others. Shown below every job page,
 * also when the job is no longer available.
 */
export async function listSimilarJobs(options: { db: Database; brandId: string; input: unknown }): Promise<JobRow[]> {
  const { db } = options;
  const { jobId, limit } = parseInput(inputSchema, options.input);
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isJobOfBrand(options.brandId)));
  if (!job) return [];
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
  const candidates = and(isOpenJob(), isJobOfBrand(options.brandId), ne(jobs.id, jobId), inArray(jobs.id, sameField));
  const max = limit ?? 4;
  if (origin) {
    // Nearby first: only jobs with a place inside the box (GiST index) get their distance computed.
    const center = sql`ll_to_earth(${origin.latitude}, ${origin.longitude})`;
    const nearby = db
      .select({ jobId: jobLocations.jobId })
      .from(jobLocations)
      .where(
        sql`earth_box(${center}, ${nearbyRadiusMeters}) @> ll_to_earth(${jobLocations.latitude}, ${jobLocations.longitude})`,
      );
    const distance = sql`(select min(earth_distance(${center}, ll_to_earth(${jobLocations.latitude}, ${jobLocations.longitude}))) from ${jobLocations} where ${jobLocations.jobId} = ${jobs.id})`;
    const near = await db
      .select(jobColumns)
      .from(jobs)
      .where(and(candidates, inArray(jobs.id, nearby)))
      .orderBy(sql`${distance} asc`, desc(jobs.publishedAt), desc(jobs.id))
      .limit(max);
    if (near.length === max) return near;
    const others = await db
      .select(jobColumns)
      .from(jobs)
      .where(
        and(
          candidates,
          near.length > 0
            ? notInArray(
                jobs.id,
                near.map((job) => job.id),
              )
            : undefined,
        ),
      )
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(max - near.length);
    return [...near, ...others];
  }
  return db.select(jobColumns).from(jobs).where(candidates).orderBy(desc(jobs.publishedAt), desc(jobs.id)).limit(max);
}
