import type { JobSearchInput } from '../../lib/operations/generated/types.ts';

/** The search an alert saves: the page's input without page, page size and sort (the digest's own). */
export function withoutPaging(input: JobSearchInput): JobSearchInput {
  const search = { ...input };
  delete search.page;
  delete search.pageSize;
  delete search.sort;
  return search;
}
