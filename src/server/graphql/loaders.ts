import type { Database } from '../db/index.ts';
import { createTermLoaders } from '../modules/base/loaders.ts';
import { createJobLoaders } from '../modules/jobs/loaders.ts';
import { createOrganizationLoaders } from '../modules/organizations/loaders.ts';

/**
 * The per-request DataLoaders, composed here from the modules' own (each module's loaders.ts). Every list
 * resolver goes through them, so a page of N jobs costs a fixed number of queries, not one per row.
 */
export function createLoaders(db: Database) {
  return {
    ...createTermLoaders(db),
    ...createJobLoaders(db),
    ...createOrganizationLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
