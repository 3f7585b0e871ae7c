import DataLoader from 'dataloader';
import { asc, eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { isAnyOf, preparedPerDatabase } from '../../db/prepared.ts';
import { taxonomyTerms, type TaxonomyTerm } from '../../db/schema/taxonomy.ts';
import { groupBy } from '../../graphql/batch.ts';

type LinkTable = PgTable & { termId: PgColumn };

/** The prepared statement of each link table, per database. */
const linkStatements = new WeakMap<LinkTable, ReturnType<typeof linkStatement>>();

function linkStatement(table: LinkTable, ownerColumn: PgColumn) {
  return preparedPerDatabase((db) =>
    db
      .select({ ownerId: ownerColumn, term: taxonomyTerms })
      .from(table)
      .innerJoin(taxonomyTerms, eq(table.termId, taxonomyTerms.id))
      .where(isAnyOf(ownerColumn, 'ids'))
      .orderBy(asc(taxonomyTerms.weight), asc(taxonomyTerms.labelDe))
      .prepare(`terms_of_${getTableName(table)}`),
  );
}

/** Terms linked through a two-column link table (owner id, term id), in one query per batch. */
export function linkedTerms(db: Database, table: LinkTable, ownerColumn: PgColumn): DataLoader<number, TaxonomyTerm[]> {
  let statement = linkStatements.get(table);
  if (!statement) {
    statement = linkStatement(table, ownerColumn);
    linkStatements.set(table, statement);
  }
  const prepared = statement;
  return new DataLoader(async (ownerIds) => {
    const rows = await prepared(db).execute({ ids: [...ownerIds] });
    return groupBy(rows, (row) => row.ownerId as number, ownerIds).map((group) => group.map((row) => row.term));
  });
}

/** Every taxonomy term at a search revision, per database (the process's copy; see termsAt). */
const termCopies = new WeakMap<Database, { revision: string; terms: Promise<Map<number, TaxonomyTerm>> }>();

/**
 * The taxonomy terms by id at the given search revision. Every write to taxonomy_terms bumps the revision
 * (migration 0005), so a copy read at the current revision is current: the whole table (a few hundred
 * rows) is read once per revision instead of once per request.
 */
function termsAt(db: Database, revision: string): Promise<Map<number, TaxonomyTerm>> {
  const copy = termCopies.get(db);
  if (copy?.revision === revision) return copy.terms;
  const terms = db
    .select()
    .from(taxonomyTerms)
    .then((rows) => new Map(rows.map((row) => [row.id, row])));
  termCopies.set(db, { revision, terms });
  // A failed read is not kept: the next request reads again.
  terms.catch(() => {
    if (termCopies.get(db)?.terms === terms) termCopies.delete(db);
  });
  return terms;
}

/** The taxonomy's per-request loaders; `readRevision` reads the request's search revision (once). */
export function createTermLoaders(db: Database, readRevision: () => Promise<string>) {
  return {
    term: new DataLoader(async (ids: readonly number[]) => {
      const terms = await termsAt(db, await readRevision());
      return ids.map((id) => terms.get(id) ?? null);
    }),
  };
}
