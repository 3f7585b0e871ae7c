import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from './pagination';

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
