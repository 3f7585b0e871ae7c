/** One entry of a pagination bar: a page number or a gap ("…"). */
export type PageItem = { kind: 'page'; page: number; isCurrent: boolean } | { kind: 'gap'; key: string };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
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
