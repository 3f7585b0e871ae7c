/** One entry of a pagination bar: a page number or a gap ("…"). */
export type PageItem = { kind: 'page'; page: number; isCurrent: boolean } | { kind: 'gap'; key: string };

/**
 * The deepest page a search serves (10,000 jobs at 10 a page): deeper pages cost the database more than
 * they are worth to anyone, and search engines get the jobs through the sitemap.
 */
export const maxSearchPage = 1000;

/** The pages of a result list: at least one, at most `maxSearchPage`. */
export function pageCount(total: number, pageSize: number): number {
  return Math.min(maxSearchPage, Math.max(1, Math.ceil(Math.max(0, total) / pageSize)));
}

export type PageCheck =
  | { kind: 'ok' }
  /** Past the last page: the last page of the same search. */
  | { kind: 'redirect'; page: number }
  /** A page other than the first of a search without results: there is no such page. */
  | { kind: 'not-found' };

/** Whether a requested page exists for a result list of `total` hits. */
export function checkPage(page: number, total: number, pageSize: number): PageCheck {
  if (page <= 1) return { kind: 'ok' };
  if (total <= 0) return { kind: 'not-found' };
  const last = pageCount(total, pageSize);
  return page > last ? { kind: 'redirect', page: last } : { kind: 'ok' };
}

/**
 * The pages to link: the first, the last and `around` pages on each side of the current one; a gap stands
 * for two or more skipped pages (a single skipped page is shown instead of a gap of the same width).
 */
export function pageItems(current: number, count: number, around = 2): PageItem[] {
  const pages = new Set<number>([1, count]);
  for (let page = current - around; page <= current + around; page++) {
    if (page >= 1 && page <= count) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: 'page', page: page - 1, isCurrent: page - 1 === current });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page, isCurrent: page === current });
    previous = page;
  }
  return items;
}
