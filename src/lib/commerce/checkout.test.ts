import { describe, expect, it } from 'vitest';
import { billingProfileSchema, formatPrice, isValidVatNumber, normalizeVatNumber, vatOf } from './checkout.ts';

const profile = {
  companyName: 'Acme GmbH',
  email: 'Billing@Acme.test',
  firstName: 'Rita',
  lastName: 'Rechner',
  addressLine1: 'Marktplatz 1',
  postalCode: '72070',
  locality: 'Tübingen',
  countryCode: 'de',
};

describe('checkout rules', () => {
  it('adds 19 % VAT rounded to the cent', () => {
    expect(vatOf(49_900)).toBe(9_481);
    expect(vatOf(1)).toBe(0);
    expect(vatOf(3)).toBe(1);
  });

  it('checks VAT numbers by the format of the billing country', () => {
    expect(normalizeVatNumber('de 123.456-789')).toBe('DE123456789');
    expect(isValidVatNumber('DE123456789', 'DE')).toBe(true);
    expect(isValidVatNumber('DE12345678', 'DE')).toBe(false);
    expect(isValidVatNumber('ATU12345678', 'AT')).toBe(true);
    expect(isValidVatNumber('EL123456789', 'GR')).toBe(true);
    expect(isValidVatNumber('FRXX123456789', 'FR')).toBe(true);
    expect(isValidVatNumber('NL123456789B01', 'NL')).toBe(true);
    expect(isValidVatNumber('DE123456789', 'AT')).toBe(false);
  });

  it('gives field errors as message keys and needs a VAT number from other EU countries', () => {
    const bad = billingProfileSchema.safeParse({ ...profile, vatNumber: 'DE12' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['vatNumber', 'commerce.error.vatNumber'],
    ]);
    const french = billingProfileSchema.safeParse({ ...profile, countryCode: 'FR' });
    expect(french.error?.issues[0]?.message).toBe('commerce.error.vatNumberRequired');
    const ok = billingProfileSchema.parse({ ...profile, vatNumber: 'de 123 456 789' });
    expect(ok).toMatchObject({
      email: 'billing@acme.test',
      countryCode: 'DE',
      vatNumber: 'DE123456789',
      addressLine2: null,
    });
  });

  it('puts the currency where the brand says', () => {
    expect(formatPrice(59_381, 'EUR', 'de', 'after')).toBe('593,81\u00a0€');
    expect(formatPrice(59_381, 'EUR', 'en-GB', 'before')).toBe('€593.81');
  });
});
