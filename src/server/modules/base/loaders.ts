import DataLoader from 'dataloader';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { taxonomyTerms, type TaxonomyTerm } from '../../db/schema/taxonomy.ts';
import { groupBy, rowsById } from '../../graphql/batch.ts';

/** Terms linked through a two-column link table (owner id, term id), in one query per batch. */
export function linkedTerms(
  db: Database,
  table: PgTable & { termId: PgColumn },
  ownerColumn: PgColumn,
): DataLoader<number, TaxonomyTerm[]> {
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

/** The taxonomy's per-request loaders. */
export function createTermLoaders(db: Database) {
  return {
    term: rowsById((ids) => db.select().from(taxonomyTerms).where(inArray(taxonomyTerms.id, ids))),
  };
}
