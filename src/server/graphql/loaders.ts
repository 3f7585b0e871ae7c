import type { Database } from '../db/index.ts';
import { readSearchRevision } from '../search/job-index.ts';
import { createTermLoaders } from '../modules/base/loaders.ts';
import { createJobLoaders } from '../modules/jobs/loaders.ts';
import { createOrganizationLoaders } from '../modules/organizations/loaders.ts';

/**
 * The per-request DataLoaders, composed here from the modules' own (each module's loaders.ts). Every list
 * resolver goes through them, so a page of N jobs costs a fixed number of queries, not one per row.
 */
export function createLoaders(db: Database) {
  let revision: Promise<string> | undefined;
  /**
   * The search revision (decision 0008), read once per request and only when asked for: the in-memory job
   * index and the process's copy of the taxonomy are current while they hold it.
   */
  const searchRevision = () => (revision ??= readSearchRevision(db));
  const termLoaders = createTermLoaders(db, searchRevision);
  return {
    searchRevision,
    ...termLoaders,
    ...createJobLoaders(db, termLoaders.term),
    ...createOrganizationLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
