import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

const byLength = (maxBytes: number) =>
  new BoundedCache<string>({ maxBytes, sizeOf: (key, value) => key.length + value.length });

describe('a cache bounded by bytes', () => {
  it('keeps entries while they fit', () => {
    const cache = byLength(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'y'.repeat(40));
    expect(cache.get('a')).toBe('x'.repeat(40));
    expect(cache.get('b')).toBe('y'.repeat(40));
    expect(cache.bytes).toBe(82);
  });

  it('drops the least recently used entries to stay within its bound', () => {
    const cache = byLength(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'y'.repeat(40));
    cache.get('a');
    cache.set('c', 'z'.repeat(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(40));
    expect(cache.get('c')).toBe('z'.repeat(40));
    expect(cache.bytes).toBeLessThanOrEqual(100);
  });

  it('never holds more than its bound, however many different keys arrive', () => {
    const cache = byLength(10_000);
    for (let index = 0; index < 100_000; index++) cache.set(`key-${index}`, 'v'.repeat(index % 500));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(100);
  });

  it('does not keep an entry larger than the whole bound, nor an older value of its key', () => {
    const cache = byLength(100);
    cache.set('a', 'small');
    cache.set('a', 'x'.repeat(200));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('counts a replaced entry once', () => {
    const cache = byLength(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('a', 'y'.repeat(10));
    expect(cache.bytes).toBe(11);
    expect(cache.size).toBe(1);
  });
});
