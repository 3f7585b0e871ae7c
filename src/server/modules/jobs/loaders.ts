import DataLoader from 'dataloader';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { pathAliases } from '../../db/schema/content.ts';
import {
  jobEmploymentTypes,
  jobLanguages,
  jobLocations,
  jobOccupationalFields,
  jobs,
  jobSkills,
} from '../../db/schema/jobs.ts';
import { groupBy, rowsById, rowsByOwner } from '../../graphql/batch.ts';
import { linkedTerms } from '../base/loaders.ts';
import { jobColumns } from './job-columns.ts';
import { isOpenJob } from './job-visibility.ts';

/** The jobs module's per-request loaders. */
export function createJobLoaders(db: Database) {
  return {
    /** Jobs by id (without the search vector), e.g. the hits of a search page. */
    job: rowsById((ids) => db.select(jobColumns).from(jobs).where(inArray(jobs.id, ids))),
    jobLocations: new DataLoader(async (jobIds: readonly number[]) => {
      const rows = await db
        .select()
        .from(jobLocations)
        .where(inArray(jobLocations.jobId, [...jobIds]))
        .orderBy(asc(jobLocations.weight), asc(jobLocations.id));
      return groupBy(rows, (row) => row.jobId, jobIds);
    }),
    jobEmploymentTypes: linkedTerms(db, jobEmploymentTypes, jobEmploymentTypes.jobId),
    jobOccupationalFields: linkedTerms(db, jobOccupationalFields, jobOccupationalFields.jobId),
    jobSkills: linkedTerms(db, jobSkills, jobSkills.jobId),
    jobLanguages: linkedTerms(db, jobLanguages, jobLanguages.jobId),
    /** Every path alias of a job (one per language at most). */
    jobPathAliases: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(pathAliases)
          .where(and(eq(pathAliases.targetKind, 'Job'), inArray(pathAliases.targetId, ids)))
          .orderBy(asc(pathAliases.id)),
      (row) => row.targetId,
    ),
    /** Published, unexpired jobs per organization. */
    organizationOpenJobCount: new DataLoader(async (ids: readonly number[]) => {
      const rows = await db
        .select({ organizationId: jobs.organizationId, count: count() })
        .from(jobs)
        .where(and(inArray(jobs.organizationId, [...ids]), isOpenJob()))
        .groupBy(jobs.organizationId);
      const counts = new Map(rows.map((row) => [row.organizationId, row.count]));
      return ids.map((id) => counts.get(id) ?? 0);
    }),
  };
}

export type JobLoaders = ReturnType<typeof createJobLoaders>;
