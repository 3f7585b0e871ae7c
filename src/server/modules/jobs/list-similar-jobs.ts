import { and, desc, eq, gt, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import type { BrandId } from '../../../../brands/ids.ts';
import { jobLocations, jobOccupationalFields, jobSimilarPlaces, jobs } from '../../db/schema/jobs.ts';
import { currentJobIndex } from '../../search/job-index.ts';
import { searchServiceSocket, serviceSimilarJobIds } from '../../search/job-search-service.ts';
import { nearbyRadiusMeters, similarJobIdsFromIndex } from '../../search/similar-jobs-index.ts';
import { parseInput } from '../../validation.ts';
import { jobColumns, type JobRow } from './job-columns.ts';
import { isJobOfBrand, isOpenJob } from './job-visibility.ts';

/**
 * Where the similar jobs are selected: the machine's search process when there is one, else the worker's
 * in-memory job index while it is current; the database when neither answers ('auto', the default); or only
 * the worker's index or the database (tests compare the two).
 */
export type SimilarJobsEngine = 'auto' | 'index' | 'database';

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
export async function listSimilarJobs(options: {
  db: Database;
  brandId: string;
  input: unknown;
  engine?: SimilarJobsEngine;
  /** Reads job rows by id (the request's DataLoader, so the rows batch with the page's other jobs). */
  loadJobs?: (ids: number[]) => Promise<(JobRow | null | Error)[]>;
  /** The search revision as the request read it (once per request). */
  readRevision?: () => Promise<string>;
  /** The machine's search process (default: SEARCH_SERVICE_SOCKET; null for none). */
  serviceSocket?: string | null;
}): Promise<JobRow[]> {
  const { db } = options;
  const { jobId, limit } = parseInput(inputSchema, options.input);
  const engine = options.engine ?? 'auto';
  const serviceSocket = searchServiceSocket(options.serviceSocket);
  if (engine === 'auto' && serviceSocket) {
    // The machine's search process (decision 0031), whose copy answers for published jobs.
    const ids = await serviceSimilarJobIds(serviceSocket, { jobId, brandId: options.brandId, limit: limit ?? 4 });
    if (ids) return ids.length === 0 ? [] : jobRowsOf(db, ids, options.loadJobs);
  } else if (engine !== 'database') {
    // The index answers for published jobs (decision 0008); others (archived ones) go to the database.
    const index = await currentJobIndex(db, { wait: engine === 'index', readRevision: options.readRevision });
    const ids =
      index && similarJobIdsFromIndex(index, { jobId, brandId: options.brandId, limit: limit ?? 4, now: Date.now() });
    if (ids) return ids.length === 0 ? [] : jobRowsOf(db, ids, options.loadJobs);
  }
  return listSimilarJobsInDatabase(db, options.brandId, jobId, limit ?? 4, options.loadJobs);
}

/** The rows of the jobs the index chose, in its order (a job deleted since is left out). */
async function jobRowsOf(
  db: Database,
  ids: number[],
  loadJobs: ((ids: number[]) => Promise<(JobRow | null | Error)[]>) | undefined,
): Promise<JobRow[]> {
  const rows = loadJobs ? await loadJobs(ids) : await db.select(jobColumns).from(jobs).where(inArray(jobs.id, ids));
  const byId = new Map<number, JobRow>();
  for (const row of rows) {
    if (row instanceof Error) throw row;
    if (row) byId.set(row.id, row);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function listSimilarJobsInDatabase(
  db: Database,
  brandId: string,
  jobId: number,
  max: number,
  loadJobs: ((ids: number[]) => Promise<(JobRow | null | Error)[]>) | undefined,
): Promise<JobRow[]> {
  // The job's fields and first place of work, in one statement (nothing when it is not a job of the brand).
  // Qualified by hand: Drizzle writes a column of the selected table without its table name here.
  const jobIdColumn = sql.raw('"jobs"."id"');
  const [job] = await db
    .select({
      fieldIds: sql<number[]>`array(select ${jobOccupationalFields.termId} from ${jobOccupationalFields}
        where ${jobOccupationalFields.jobId} = ${jobIdColumn})`,
      origin: sql<{ latitude: number; longitude: number } | null>`(select json_build_object('latitude',
        ${jobLocations.latitude}, 'longitude', ${jobLocations.longitude}) from ${jobLocations}
        where ${jobLocations.jobId} = ${jobIdColumn} order by ${jobLocations.weight}, ${jobLocations.id} limit 1)`,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isJobOfBrand(brandId)));
  if (!job || job.fieldIds.length === 0) return [];
  const fields = job.fieldIds.map((termId) => ({ termId: Number(termId) }));
  const origin = job.origin ?? undefined;
  const sameField = db
    .select({ jobId: jobOccupationalFields.jobId })
    .from(jobOccupationalFields)
    .where(
      inArray(
        jobOccupationalFields.termId,
        fields.map((field) => field.termId),
      ),
    );
  const candidates = and(isOpenJob(), isJobOfBrand(brandId), ne(jobs.id, jobId), inArray(jobs.id, sameField));
  if (origin) {
    const center = sql`ll_to_earth(${origin.latitude}, ${origin.longitude})`;
    const nearIds = await nearestJobIds(db, {
      center,
      fieldIds: fields.map((field) => field.termId),
      brandId,
      jobId,
      max,
    });
    const near = nearIds.length === 0 ? [] : await jobRowsOf(db, nearIds, loadJobs);
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

/** A location's point on earthdistance's sphere (the expression job_locations_earth_idx indexes). */
const locationPoint = sql`ll_to_earth(${jobLocations.latitude}, ${jobLocations.longitude})`;
/** The same for a row of the walk's table (the expression job_similar_places_walk_idx indexes). */
const walkPoint = sql`ll_to_earth(${jobSimilarPlaces.latitude}, ${jobSimilarPlaces.longitude})`;

/**
 * The nearby similar jobs: open jobs of the brand in one of the fields with a place inside earth_box(center,
 * 100 km), ordered by the distance of their nearest place, then newest first.
 *
 * Ordering every such job by distance reads all their places: some ten thousand near a city of a
 * million-job board, seconds per page (docs/scaling.md). Instead, a nearest-neighbour walk (`<->`, the chord
 * distance, which orders as earth_distance does) of job_similar_places reads, per field, the places of open
 * jobs of that field and brand nearest first (the field and brand are inside the GiST index, so nothing is
 * read and thrown away) until `max` different jobs are found; the distance of the last one bounds the answer.
 * Every job of the fields with a place within that bound is then ordered exactly as before (its nearest
 * place of all, ties newest first), so equal distances at the bound and places outside the box come out as
 * the full ordering would have them.
 */
async function nearestJobIds(
  db: Database,
  options: { center: SQL; fieldIds: number[]; brandId: string; jobId: number; max: number },
): Promise<number[]> {
  const { center, fieldIds, brandId, jobId, max } = options;
  const inNearbyBox = (point: SQL) => sql`earth_box(${center}, ${nearbyRadiusMeters}) @> ${point}`;
  const ofField = (fieldId: number) =>
    and(
      eq(jobSimilarPlaces.termId, fieldId),
      eq(jobSimilarPlaces.frontend, brandId as BrandId),
      ne(jobSimilarPlaces.jobId, jobId),
      or(isNull(jobSimilarPlaces.expiresAt), gt(jobSimilarPlaces.expiresAt, sql`now()`)),
    );

  // Per field, the nearest places of its open jobs, in batches growing until they hold `max` different jobs.
  let bound: number | null = null;
  for (let batch = max * 8; bound === null; batch *= 4) {
    const perField = await Promise.all(
      fieldIds.map((fieldId) =>
        db
          .select({ jobId: jobSimilarPlaces.jobId, gap: sql<number>`${walkPoint} <-> ${center}`.mapWith(Number) })
          .from(jobSimilarPlaces)
          .where(and(ofField(fieldId), inNearbyBox(walkPoint)))
          .orderBy(sql`${walkPoint} <-> ${center}`)
          .limit(batch),
      ),
    );
    // The nearest `batch` places of all the fields are among each field's nearest `batch`.
    const places = perField
      .flat()
      .sort((a, b) => a.gap - b.gap)
      .slice(0, batch);
    const seen = new Set<number>();
    for (const place of places) {
      seen.add(place.jobId);
      if (seen.size === max) {
        bound = place.gap;
        break;
      }
    }
    if (bound === null && perField.every((rows) => rows.length < batch)) {
      // Fewer than `max` nearby jobs in all: these are all of them.
      if (seen.size === 0) return [];
      bound = Math.max(...places.map((place) => place.gap));
    }
  }

  // Every job of the fields with a place (inside the box or not) within the bound, plus a millimetre for
  // rounding, ordered by the distance of its nearest place and then newest first, from the rows alone: a
  // job's rows of one field hold all its places, so its nearest place within the bound is among them.
  const halfEdge = sql`${bound + 0.001}::float8`;
  const withinBound = sql`cube_enlarge(${center}, ${halfEdge}, 3) @> ${walkPoint} and ${center} <-> ${walkPoint} <= ${halfEdge}`;
  const rowsWithinBound = sql.join(
    fieldIds.map(
      (fieldId) =>
        sql`(select ${jobSimilarPlaces.jobId} as job_id, ${jobSimilarPlaces.publishedAt} as published_at,
          earth_distance(${center}, ${walkPoint}) as distance, ${inNearbyBox(walkPoint)} as nearby
          from ${jobSimilarPlaces} where ${ofField(fieldId)} and ${withinBound})`,
    ),
    sql` union all `,
  );
  // A job counts when one of its places is inside the box; that place may lie beyond the bound (rarely).
  const { rows } = await db.execute<{ job_id: number }>(sql`
    select p.job_id from (${rowsWithinBound}) p
    group by p.job_id
    having bool_or(p.nearby)
      or exists (select 1 from ${jobLocations} where ${jobLocations.jobId} = p.job_id and ${inNearbyBox(locationPoint)})
    order by min(p.distance) asc, max(p.published_at) desc, p.job_id desc
    limit ${max}`);
  return rows.map((row) => Number(row.job_id));
}
