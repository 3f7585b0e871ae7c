import { describe, expect, it } from 'vitest';
import { checkPage, maxSearchPage, pageCount, pageItems } from './pagination';

const render = (current: number, count: number) =>
  pageItems(current, count)
    .map((item) => (item.kind === 'gap' ? '…' : item.isCurrent ? `[${item.page}]` : String(item.page)))
    .join(' ');

describe('pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('never counts more pages than a search serves', () => {
    expect(pageCount(100_000, 10)).toBe(maxSearchPage);
    expect(pageCount(10_001, 10)).toBe(maxSearchPage);
  });

  it('sends a page past the last one to the last page', () => {
    expect(checkPage(3, 25, 10)).toEqual({ kind: 'ok' });
    expect(checkPage(4, 25, 10)).toEqual({ kind: 'redirect', page: 3 });
    expect(checkPage(1001, 25, 10)).toEqual({ kind: 'redirect', page: 3 });
    expect(checkPage(5000, 100_000, 10)).toEqual({ kind: 'redirect', page: maxSearchPage });
  });

  it('has no page but the first for a search without results', () => {
    expect(checkPage(1, 0, 10)).toEqual({ kind: 'ok' });
    expect(checkPage(2, 0, 10)).toEqual({ kind: 'not-found' });
  });

  it('shows first, last and two pages around the current one', () => {
    expect(render(1, 1)).toBe('[1]');
    expect(render(1, 5)).toBe('[1] 2 3 4 5');
    expect(render(10, 60)).toBe('1 … 8 9 [10] 11 12 … 60');
    expect(render(60, 60)).toBe('1 … 58 59 [60]');
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(render(5, 9)).toBe('1 2 3 4 [5] 6 7 8 9');
  });
});
