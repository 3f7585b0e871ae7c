/**
 * An in-process cache bounded by the bytes its entries are estimated to hold, not by their number: a
 * cache keyed by what clients send grows with traffic, and the size of one entry varies by orders of
 * magnitude (a GraphQL document of 200 characters parses to about 24 KB, one of 100 KB to megabytes).
 * When it is full the least recently used entries go; an entry larger than the whole bound is not kept.
 */
export interface BoundedCacheOptions<TValue> {
  maxBytes: number;
  /** Estimated bytes that the entry keeps alive, key included. */
  sizeOf: (key: string, value: TValue) => number;
}

interface Entry<TValue> {
  value: TValue;
  bytes: number;
}

export class BoundedCache<TValue> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  readonly #entries = new Map<string, Entry<TValue>>();
  readonly #options: BoundedCacheOptions<TValue>;
  #bytes = 0;

  constructor(options: BoundedCacheOptions<TValue>) {
    this.#options = options;
  }

  /** The estimated bytes of all entries; never more than `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): TValue | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: TValue): void {
    this.delete(key);
    const bytes = this.#options.sizeOf(key, value);
    if (bytes > this.#options.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
