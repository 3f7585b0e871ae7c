import { describe, expect, it } from 'vitest';
import { formatAddress, formatDate, formatSalaryRange } from './format';

describe('formatting', () => {
  // Intl puts a no-break space between amount and currency.
  it('formats salary ranges in the locale, with the currency after the amount in German', () => {
    expect(formatSalaryRange({ min: 3500, max: 4200, currencyCode: 'EUR' }, 'de')).toBe('3.500\u00a0€ – 4.200\u00a0€');
    expect(formatSalaryRange({ min: 3500, max: 4200, currencyCode: 'EUR' }, 'en-GB')).toBe('€3,500 – €4,200');
    expect(formatSalaryRange({ min: 14.5, max: null, currencyCode: 'EUR' }, 'de')).toBe('14,50\u00a0€');
    expect(formatSalaryRange({ min: null, max: null, currencyCode: 'EUR' }, 'de')).toBeNull();
  });
  it('formats dates in German time', () => {
    expect(formatDate('2026-11-21T23:30:00Z', 'de')).toBe('22. November 2026');
  });
  it('joins the address parts that exist', () => {
    expect(formatAddress({ addressLine1: 'Kaiserstraße 1', postalCode: '70173', locality: 'Stuttgart' })).toBe(
      'Kaiserstraße 1, 70173 Stuttgart',
    );
    expect(formatAddress({ addressLine1: null, postalCode: null, locality: 'Ulm' })).toBe('Ulm');
  });
});
