import { describe, expect, it } from 'vitest';
import { bestRanked } from './search-index.ts';

describe('bestRanked', () => {
  it('gives the first of a stable sort by rank, highest first, for any page size', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 200; round++) {
      const ordered = Array.from({ length: Math.floor(next() * 60) }, (_, at) => at * 3 + 1);
      // Few distinct ranks, so that ties are common.
      const ranks = new Map(ordered.map((d) => [d, Math.floor(next() * 4) / 2]));
      const rank = (d: number) => ranks.get(d)!;
      const sorted = [...ordered].sort((a, b) => rank(b) - rank(a));
      const count = Math.floor(next() * 70);
      expect(bestRanked(ordered, rank, count)).toEqual(sorted.slice(0, count));
    }
  });
});
