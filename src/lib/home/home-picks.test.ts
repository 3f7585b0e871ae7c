import { describe, expect, it } from 'vitest';
import { brands } from '../../../brands';
import { homePickMax, isHomeModuleEnabled, parsePickIds } from './home-picks';

describe('home page picks', () => {
  it('reads ids separated by commas, spaces or lines; anything else becomes an invalid number', () => {
    expect(parsePickIds(' 12, 7\n3;4 ')).toEqual([12, 7, 3, 4]);
    expect(parsePickIds('')).toEqual([]);
    expect(parsePickIds('5, x, -1')).toEqual([5, Number.NaN, Number.NaN]);
  });

  it('takes the ranges of SPEC 9 and the brand flags', () => {
    expect(homePickMax(brands.tagblatt, 'featured_jobs')).toBe(6);
    expect(homePickMax(brands.tagblatt, 'featured_organizations')).toBe(4);
    expect(homePickMax(brands.tagblatt, 'training_organizations')).toBe(50);
    expect(isHomeModuleEnabled(brands.jobregio, 'training_organizations')).toBe(false);
    expect(isHomeModuleEnabled(brands.tagblatt, 'training_organizations')).toBe(true);
  });
});
