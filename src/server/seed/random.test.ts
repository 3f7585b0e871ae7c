import { describe, expect, it } from 'vitest';
import { createRandom, createWeightedTable, deriveSeed } from './random.ts';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps every helper within its bounds', () => {
    const random = createRandom(7);
    for (let index = 0; index < 2000; index += 1) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const integer = random.int(3, 9);
      expect(Number.isInteger(integer)).toBe(true);
      expect(integer).toBeGreaterThanOrEqual(3);
      expect(integer).toBeLessThanOrEqual(9);
      const float = random.float(1.5, 2.5);
      expect(float).toBeGreaterThanOrEqual(1.5);
      expect(float).toBeLessThan(2.5);
    }
  });

  it('reaches both ends of an integer range', () => {
    const random = createRandom(1);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 4)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('picks by weight and never picks a zero weight', () => {
    const random = createRandom(3);
    const counts = { a: 0, b: 0, never: 0 };
    const items = [
      ['a', 3],
      ['b', 1],
      ['never', 0],
    ] as const;
    for (let index = 0; index < 4000; index += 1) counts[random.weightedPick(items, ([, weight]) => weight)[0]] += 1;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.5);
    expect(counts.a / counts.b).toBeLessThan(3.6);
  });

  it('shuffles into a permutation and samples distinct items', () => {
    const random = createRandom(5);
    const items = Array.from({ length: 30 }, (_, index) => index);
    const shuffled = random.shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    const sample = random.sample(items, 10);
    expect(new Set(sample).size).toBe(10);
    expect(random.sample(items, 100)).toHaveLength(30);
  });

  it('forks independent, reproducible streams', () => {
    const a = createRandom(9).fork('jobs');
    const b = createRandom(9).fork('jobs');
    const c = createRandom(9).fork('organizations');
    expect(a.next()).toBe(b.next());
    expect(createRandom(9).fork('jobs').next()).not.toBe(c.next());
    expect(deriveSeed(9, 'job', 1)).not.toBe(deriveSeed(9, 'job', 2));
  });
});

describe('createWeightedTable', () => {
  it('picks in proportion to the weights', () => {
    const table = createWeightedTable(['big', 'small', 'none'], (item) =>
      item === 'big' ? 9 : item === 'small' ? 1 : 0,
    );
    const random = createRandom(11);
    const counts: Record<string, number> = { big: 0, small: 0, none: 0 };
    for (let index = 0; index < 5000; index += 1) {
      const item = table.pick(random);
      counts[item] = (counts[item] ?? 0) + 1;
    }
    expect(counts.none).toBe(0);
    expect(counts.big).toBeGreaterThan((counts.small ?? 0) * 6);
  });
});
