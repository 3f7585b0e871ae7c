import DataLoader from 'dataloader';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';
import { pathAliases } from '../db/schema/content.ts';
import {
  jobEmploymentTypes,
  jobLanguages,
  jobLocations,
  jobOccupationalFields,
  jobs,
  jobSkills,
} from '../db/schema/jobs.ts';
import {
  organizationAttachments,
  organizationBenefits,
  organizationContactPersons,
  organizationFaqs,
  organizationFieldsOfStudy,
  organizationGalleryImages,
  organizationIndustries,
  organizationLocations,
  organizationOccupations,
  organizations,
  organizationVideos,
} from '../db/schema/organizations.ts';
import { taxonomyTerms } from '../db/schema/taxonomy.ts';
import { organizationMembers } from '../db/schema/users.ts';
import { jobColumns, type JobRow } from '../modules/jobs/job-columns.ts';
import { isOpenJob } from '../modules/jobs/job-visibility.ts';

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

/** Rows that belong to an owner (organization, user…), grouped per owner, in one query per batch. */
function rowsByOwner<TRow>(
  query: (ownerIds: number[]) => Promise<TRow[]>,
  ownerOf: (row: TRow) => number,
): DataLoader<number, TRow[]> {
  return new DataLoader(async (ownerIds) => groupBy(await query([...ownerIds]), ownerOf, ownerIds));
}

/**
 * The per-request DataLoaders. Every list resolver goes through them, so a page of N jobs costs a fixed
 * number of queries, not one per row.
 */
export function createLoaders(db: Database) {
  return {
    /** Jobs by id (without the search vector), e.g. the hits of a search page. */
    job: new DataLoader<number, JobRow | null>(async (ids) =>
      byId(
        await db
          .select(jobColumns)
          .from(jobs)
          .where(inArray(jobs.id, [...ids])),
        ids,
      ),
    ),
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
    organizationOccupations: linkedTerms(db, organizationOccupations, organizationOccupations.organizationId),
    organizationFieldsOfStudy: linkedTerms(db, organizationFieldsOfStudy, organizationFieldsOfStudy.organizationId),
    organizationContactPersons: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationContactPersons)
          .where(inArray(organizationContactPersons.organizationId, ids))
          .orderBy(asc(organizationContactPersons.weight), asc(organizationContactPersons.id)),
      (row) => row.organizationId,
    ),
    organizationGalleryImages: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationGalleryImages)
          .where(inArray(organizationGalleryImages.organizationId, ids))
          .orderBy(asc(organizationGalleryImages.weight), asc(organizationGalleryImages.id)),
      (row) => row.organizationId,
    ),
    organizationVideos: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationVideos)
          .where(inArray(organizationVideos.organizationId, ids))
          .orderBy(asc(organizationVideos.weight), asc(organizationVideos.id)),
      (row) => row.organizationId,
    ),
    organizationLocations: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationLocations)
          .where(inArray(organizationLocations.organizationId, ids))
          .orderBy(asc(organizationLocations.weight), asc(organizationLocations.id)),
      (row) => row.organizationId,
    ),
    organizationFaqs: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationFaqs)
          .where(inArray(organizationFaqs.organizationId, ids))
          .orderBy(asc(organizationFaqs.weight), asc(organizationFaqs.id)),
      (row) => row.organizationId,
    ),
    organizationAttachments: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationAttachments)
          .where(inArray(organizationAttachments.organizationId, ids))
          .orderBy(asc(organizationAttachments.createdAt), asc(organizationAttachments.id)),
      (row) => row.organizationId,
    ),
    /** Published, unexpired jobs per organization. */
    organizationOpenJobCount: new DataLoader<number, number>(async (ids) => {
      const rows = await db
        .select({ organizationId: jobs.organizationId, count: count() })
        .from(jobs)
        .where(and(inArray(jobs.organizationId, [...ids]), isOpenJob()))
        .groupBy(jobs.organizationId);
      const counts = new Map(rows.map((row) => [row.organizationId, row.count]));
      return ids.map((id) => counts.get(id) ?? 0);
    }),
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
    /** A user's organization memberships, e.g. the viewer's for permission checks. */
    userMemberships: rowsByOwner(
      (ids) =>
        db
          .select()
          .from(organizationMembers)
          .where(inArray(organizationMembers.userId, ids))
          .orderBy(asc(organizationMembers.organizationId)),
      (row) => row.userId,
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
