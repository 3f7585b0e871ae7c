/**
 * A small seeded pseudo-random generator for the demo data: the same seed gives the same data on every
 * machine and every run. Math.random() is never used by the seed modules.
 */

/** A deterministic random source with the helpers the generators need. */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability (0..1). */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight; items with weight 0 are never picked. */
  weightedPick<T>(items: readonly T[], weight: (item: T) => number): T;
  /** A shuffled copy (Fisher–Yates); the input is left untouched. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items in random order (fewer when the input is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /** An independent generator derived from this one's seed and a label, for a separate stream. */
  fork(label: string | number): Random;
}

/** 32-bit FNV-1a hash, used to derive seeds from labels. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mixes a seed with labels into a new 32-bit seed (stable across runs and platforms). */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  let mixed = seed >>> 0;
  for (const label of labels) {
    mixed = hashString(`${mixed}:${label}`);
  }
  return mixed;
}

/** mulberry32: tiny, fast and good enough for test data (not for anything security-related). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed: number): Random {
  const next = mulberry32(deriveSeed(seed, 'random'));

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };

  const weightedPick = <T>(items: readonly T[], weight: (item: T) => number): T => {
    let total = 0;
    for (const item of items) total += Math.max(0, weight(item));
    if (total <= 0) return pick(items);
    let threshold = next() * total;
    for (const item of items) {
      threshold -= Math.max(0, weight(item));
      if (threshold < 0) return item;
    }
    // Rounding can leave a tiny remainder: the last item with a weight takes it.
    for (let index = items.length - 1; index >= 0; index -= 1) {
      const item = items[index] as T;
      if (weight(item) > 0) return item;
    }
    return pick(items);
  };

  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(next() * (index + 1));
      const swap = copy[index] as T;
      copy[index] = copy[other] as T;
      copy[other] = swap;
    }
    return copy;
  };

  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weightedPick,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, Math.max(0, count)),
    fork: (label) => createRandom(deriveSeed(seed, label)),
  };
}

/**
 * Weighted picks from a fixed list in O(log n): builds the cumulative weights once, which matters when
 * 100,000 jobs each pick one of 1,000 organizations or 3,000 cities.
 */
export interface WeightedTable<T> {
  pick(random: Random): T;
  readonly items: readonly T[];
}

export function createWeightedTable<T>(items: readonly T[], weight: (item: T) => number): WeightedTable<T> {
  if (items.length === 0) throw new Error('weighted table without items');
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += Math.max(0, weight(item));
    cumulative.push(total);
  }
  return {
    items,
    pick(random) {
      if (total <= 0) return random.pick(items);
      const target = random.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulative[middle] as number) > target) high = middle;
        else low = middle + 1;
      }
      return items[low] as T;
    },
  };
}
