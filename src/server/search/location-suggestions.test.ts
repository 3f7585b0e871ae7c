import { describe, expect, it } from 'vitest';
import { editDistance, suggestAlternativeLocations, suggestLocations } from './location-suggestions.ts';
import { administrativeAreaValues, countryCode, foldPlaceName } from './places.ts';

describe('foldPlaceName', () => {
  it('ignores case, diacritics and punctuation, and optionally spells umlauts out', () => {
    expect(foldPlaceName('München')).toBe('munchen');
    expect(foldPlaceName('München', true)).toBe('muenchen');
    expect(foldPlaceName('Halle (Saale)')).toBe('halle saale');
    expect(foldPlaceName('Straßburg')).toBe('strassburg');
  });
});

describe('suggestLocations', () => {
  it('matches prefixes of names and of later words, largest first', () => {
    expect(suggestLocations({ query: 'mu', limit: 1 })[0]?.label).toBe('München');
    const main = suggestLocations({ query: 'main', limit: 50 }).map((place) => place.label);
    expect(main).toContain('Frankfurt am Main');
    expect(suggestLocations({ query: 'bava', limit: 5, locale: 'en-GB' })[0]).toMatchObject({
      label: 'Bavaria',
      locationType: 'administrative_area',
    });
  });

  it('returns nothing for an empty query or limit', () => {
    expect(suggestLocations({ query: ' - ', limit: 10 })).toEqual([]);
    expect(suggestLocations({ query: 'mu', limit: 0 })).toEqual([]);
  });
});

describe('areas and countries of a location filter', () => {
  it('resolves labels in any language, stored values and, failing those, the point', () => {
    expect(administrativeAreaValues('Bavaria', { lat: 0, lon: 0 })).toEqual(['Bayern']);
    expect([...administrativeAreaValues('Basel', { lat: 0, lon: 0 })].sort()).toEqual([
      'Basel-Landschaft',
      'Basel-Stadt',
    ]);
    expect(administrativeAreaValues(undefined, { lat: 48.52, lon: 9.05 })).toEqual(['Baden-Württemberg']);
    expect(countryCode('Allemagne', { lat: 0, lon: 0 })).toBe('DE');
    expect(countryCode(undefined, { lat: 47.56, lon: 7.59 })).toBe('CH');
  });
});

describe('suggestAlternativeLocations', () => {
  const south = { minLatitude: 47.53, maxLatitude: 49.79, minLongitude: 7.51, maxLongitude: 10.5 };
  const inside = (place: { lat: number; lon: number }) =>
    place.lat >= south.minLatitude &&
    place.lat <= south.maxLatitude &&
    place.lon >= south.minLongitude &&
    place.lon <= south.maxLongitude;

  it('offers the towns of the area nearest to a place outside it', () => {
    const { reason, places } = suggestAlternativeLocations({ query: 'München', limit: 5, bounds: south });
    expect(reason).toBe('outside_area');
    expect(places).toHaveLength(5);
    expect(places.every(inside)).toBe(true);
    expect(places.map((place) => place.label)).toContain('Memmingen');
    expect(places.map((place) => place.label)).not.toContain('München');
  });

  it('offers similarly spelt places of the area for a typo', () => {
    const { reason, places } = suggestAlternativeLocations({ query: 'Stutgart', limit: 5, bounds: south });
    expect(reason).toBe('unknown');
    expect(places[0]?.label).toBe('Stuttgart');
    expect(places.every(inside)).toBe(true);
    expect(suggestAlternativeLocations({ query: 'Frieburg', limit: 5 }).places[0]?.label).toMatch(/^Freiburg/);
  });

  it('offers nothing for a name like no place at all', () => {
    expect(suggestAlternativeLocations({ query: 'Qxzvbnmlkj', limit: 5, bounds: south })).toEqual({
      reason: 'unknown',
      places: [],
    });
    expect(suggestAlternativeLocations({ query: ' ', limit: 5 }).places).toEqual([]);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions, and stops beyond the maximum', () => {
    expect(editDistance('stutgart', 'stuttgart', 2)).toBe(1);
    expect(editDistance('ulm', 'ulm', 1)).toBe(0);
    expect(editDistance('kassel', 'kiel', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
