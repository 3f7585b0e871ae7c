import DataLoader from 'dataloader';
import { and, count, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { isAnyOf, preparedPerDatabase } from '../../db/prepared.ts';
import { pathAliases, type PathAlias } from '../../db/schema/content.ts';
import {
  jobEmploymentTypes,
  jobLanguages,
  jobLocations,
  jobOccupationalFields,
  jobs,
  jobSkills,
  type JobLocation,
} from '../../db/schema/jobs.ts';
import { taxonomyTerms, type TaxonomyTerm } from '../../db/schema/taxonomy.ts';
import { rowsById } from '../../graphql/batch.ts';
import { jobColumns } from './job-columns.ts';
import { isOpenJob } from './job-visibility.ts';

const jobsByIds = preparedPerDatabase((db) =>
  db.select(jobColumns).from(jobs).where(isAnyOf(jobs.id, 'ids')).prepare('jobs_by_ids'),
);

/**
 * `json_build_object('id', alias.id, 'jobId', alias.job_id, …)`: a row of `table` as JSON with the keys of
 * Drizzle's row type, so a subquery can return a job's rows of that table in one column. The keys are the
 * schema's property names (identifiers of our own code), written into the statement rather than sent as
 * parameters.
 */
function jsonRow(table: PgTable, alias: string): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${sql.identifier(alias)}.${sql.identifier(column.name)}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The outer job's id, qualified: in a select from one table Drizzle writes its columns unqualified ("id"),
 * which inside a subquery would name the subquery's own id column.
 */
const outerJobId = sql`${jobs}.${sql.identifier(jobs.id.name)}`;

/** The ids of a job's terms in one link table, in the order of linkedTerms (weight, then German label). */
function termIdsOf(
  table: typeof jobEmploymentTypes | typeof jobOccupationalFields | typeof jobSkills | typeof jobLanguages,
) {
  return sql<number[]>`array(select l.term_id from ${table} l join ${taxonomyTerms} t on t.id = l.term_id
    where l.job_id = ${outerJobId} order by t.weight, t.label_de)`;
}

/**
 * Everything a job's teaser and page show besides the job row — places, the terms of the four link tables,
 * URL aliases — for a batch of jobs in one statement (each part an index lookup per job) instead of one
 * statement per table: every statement costs a round trip and a few hundred microseconds of CPU time on
 * both sides, and a job page shows five jobs (issue 12).
 */
const detailsOfJobs = preparedPerDatabase((db) =>
  db
    .select({
      id: jobs.id,
      locations: sql<
        JobLocation[]
      >`(select coalesce(json_agg(${jsonRow(jobLocations, 'l')} order by l.weight, l.id), '[]')
        from ${jobLocations} l where l.job_id = ${outerJobId})`,
      employmentTypeIds: termIdsOf(jobEmploymentTypes),
      occupationalFieldIds: termIdsOf(jobOccupationalFields),
      skillIds: termIdsOf(jobSkills),
      languageIds: termIdsOf(jobLanguages),
      pathAliases: sql<PathAlias[]>`(select coalesce(json_agg(${jsonRow(pathAliases, 'a')} order by a.id), '[]')
        from ${pathAliases} a where a.target_kind = 'Job' and a.target_id = ${outerJobId})`,
    })
    .from(jobs)
    .where(isAnyOf(jobs.id, 'ids'))
    .prepare('job_details'),
);

type JobDetails = Awaited<ReturnType<ReturnType<typeof detailsOfJobs>['execute']>>[number];

/**
 * The jobs module's per-request loaders; `term` is the taxonomy's loader (the process's copy of the terms,
 * src/server/modules/base/loaders.ts).
 */
export function createJobLoaders(db: Database, term: DataLoader<number, TaxonomyTerm | null>) {
  const details = rowsById((ids) => detailsOfJobs(db).execute({ ids }));
  /** A loader of one part of the details: the parts asked for in one tick share one statement. */
  const part = <T>(pick: (row: JobDetails | null) => Promise<T> | T) =>
    new DataLoader(async (ids: readonly number[]) =>
      Promise.all((await details.loadMany(ids)).map(async (row) => (row instanceof Error ? row : pick(row)))),
    );
  const terms = (pick: (row: JobDetails) => number[]) =>
    part(async (row) => {
      if (!row) return [];
      const found = await term.loadMany(pick(row));
      return found.filter((entry): entry is TaxonomyTerm => entry !== null && !(entry instanceof Error));
    });
  return {
    /** Jobs by id (without the search vector), e.g. the hits of a search page. */
    job: rowsById((ids) => jobsByIds(db).execute({ ids })),
    jobLocations: part((row) => row?.locations ?? []),
    jobEmploymentTypes: terms((row) => row.employmentTypeIds),
    jobOccupationalFields: terms((row) => row.occupationalFieldIds),
    jobSkills: terms((row) => row.skillIds),
    jobLanguages: terms((row) => row.languageIds),
    /** Every path alias of a job (one per language at most). */
    jobPathAliases: part((row) => row?.pathAliases ?? []),
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
