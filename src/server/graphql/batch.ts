/**
 * Building blocks of the modules' DataLoaders (each module's loaders.ts): batch functions that answer in
 * the order DataLoader asks.
 */
import DataLoader from 'dataloader';

/** Rows by id, in the order DataLoader asks for them (null where missing). */
export function byId<TRow extends { id: number }>(rows: TRow[], ids: readonly number[]): (TRow | null)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id) ?? null);
}

/** Groups rows by a key, in the order DataLoader asks for the keys. */
export function groupBy<TRow>(rows: TRow[], key: (row: TRow) => number, ids: readonly number[]): TRow[][] {
  const groups = new Map<number, TRow[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** Rows by id, read in one query per batch. */
export function rowsById<TRow extends { id: number }>(
  query: (ids: number[]) => Promise<TRow[]>,
): DataLoader<number, TRow | null> {
  return new DataLoader(async (ids) => byId(await query([...ids]), ids));
}

/** Rows that belong to an owner (organization, user…), grouped per owner, in one query per batch. */
export function rowsByOwner<TRow>(
  query: (ownerIds: number[]) => Promise<TRow[]>,
  ownerOf: (row: TRow) => number,
): DataLoader<number, TRow[]> {
  return new DataLoader(async (ownerIds) => groupBy(await query([...ownerIds]), ownerOf, ownerIds));
}
