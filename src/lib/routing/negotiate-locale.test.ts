import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './negotiate-locale';

const locales = ['de', 'en-GB', 'fr'] as const;

describe('locale negotiation', () => {
  it('falls back to the first locale', () => {
    expect(negotiateLocale(null, locales)).toBe('de');
    expect(negotiateLocale('it-IT,es;q=0.5', locales)).toBe('de');
  });
  it('prefers exact tags, then the primary language, by q-value', () => {
    expect(negotiateLocale('fr-CH, fr;q=0.9, en;q=0.8', locales)).toBe('fr');
    expect(negotiateLocale('en-US,en;q=0.9', locales)).toBe('en-GB');
    expect(negotiateLocale('de;q=0.4, en-GB;q=0.8', locales)).toBe('en-GB');
  });
  it('ignores languages refused with q=0', () => expect(negotiateLocale('fr;q=0, en', locales)).toBe('en-GB'));
});
