import { describe, expect, it } from 'vitest';
import { suggestLocations } from './location-suggestions.ts';
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
