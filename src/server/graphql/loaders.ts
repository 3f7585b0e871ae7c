import DataLoader from 'dataloader';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';
import { jobEmploymentTypes, jobLanguages, jobLocations, jobOccupationalFields, jobSkills } from '../db/schema/jobs.ts';
import { organizationBenefits, organizationIndustries, organizations } from '../db/schema/organizations.ts';
import { taxonomyTerms } from '../db/schema/taxonomy.ts';

type Organization = typeof organizations.$inferSelect;
type Term = typeof taxonomyTerms.$inferSelect;
type JobLocation = typeof jobLocations.$inferSelect;

/** Rows by id, in the order DataLoader asks for them (null where missing). */
function byId<TRow extends { id: number }>(rows: TRow[], ids: readonly number[]): (TRow | null)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id) ?? null);
}

/** Groups rows by a key, in the order DataLoader asks for the keys. */
function groupBy<TRow>(rows: TRow[], key: (row: TRow) => number, ids: readonly number[]): TRow[][] {
  const groups = new Map<number, TRow[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** Terms linked through a two-column link table (owner id, term id), in one query per batch. */
function linkedTerms(
  db: Database,
  table: PgTable & { termId: PgColumn },
  ownerColumn: PgColumn,
): DataLoader<number, Term[]> {
  return new DataLoader(async (ownerIds) => {
    const rows = await db
      .select({ ownerId: ownerColumn, term: taxonomyTerms })
      .from(table)
      .innerJoin(taxonomyTerms, eq(table.termId, taxonomyTerms.id))
      .where(inArray(ownerColumn, [...ownerIds]))
      .orderBy(asc(taxonomyTerms.weight), asc(taxonomyTerms.labelDe));
    return groupBy(rows, (row) => row.ownerId as number, ownerIds).map((group) => group.map((row) => row.term));
  });
}

/**
 * The per-request DataLoaders. Every list resolver goes through them, so a page of N jobs costs a fixed
 * number of queries, not one per row.
 */
export function createLoaders(db: Database) {
  return {
    organization: new DataLoader<number, Organization | null>(async (ids) =>
      byId(
        await db
          .select()
          .from(organizations)
          .where(inArray(organizations.id, [...ids])),
        ids,
      ),
    ),
    term: new DataLoader<number, Term | null>(async (ids) =>
      byId(
        await db
          .select()
          .from(taxonomyTerms)
          .where(inArray(taxonomyTerms.id, [...ids])),
        ids,
      ),
    ),
    jobLocations: new DataLoader<number, JobLocation[]>(async (jobIds) => {
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
    organizationIndustries: linkedTerms(db, organizationIndustries, organizationIndustries.organizationId),
    organizationBenefits: linkedTerms(db, organizationBenefits, organizationBenefits.organizationId),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
