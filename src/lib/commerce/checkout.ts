/**
 * The checkout's input (SPEC 3: customer billing profile) shared by the /checkout form and the placeOrder
 * service, and the price rules (VAT, currency placement per brand). Error messages are message keys.
 */
import { z } from 'zod';

/** German VAT on every order (B2B invoices of the publisher). */
export const vatRatePercent = 19;

/** The VAT of a net amount in cents, rounded half up to the cent. */
export function vatOf(netCents: number, ratePercent = vatRatePercent): number {
  return Math.round((netCents * ratePercent) / 100);
}

/**
 * VAT identification number formats of the EU member states (the country prefix, then the national
 * part; Greece uses EL). Only the format is checked, not whether the number exists.
 */
export const euVatFormats: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  GR: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** "de 123 456 789" → "DE123456789": what the format check and the invoice use. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether a VAT number has the format of the billing country (any EU format when outside the EU). */
export function isValidVatNumber(vatNumber: string, countryCode: string): boolean {
  const format = euVatFormats[countryCode];
  if (format) return format.test(vatNumber);
  return (
    Object.values(euVatFormats).some((candidate) => candidate.test(vatNumber)) || /^[A-Z0-9]{4,20}$/.test(vatNumber)
  );
}

const required = (max: number) =>
  z
    .string({ error: 'account.error.required' })
    .trim()
    .min(1, { error: 'account.error.required' })
    .max(max, { error: 'account.error.tooLong' });

export const billingProfileSchema = z
  .object({
    companyName: required(200),
    email: z
      .string({ error: 'account.error.emailInvalid' })
      .trim()
      .toLowerCase()
      .max(254, { error: 'account.error.emailInvalid' })
      .pipe(z.email({ error: 'account.error.emailInvalid' })),
    firstName: required(100),
    lastName: required(100),
    addressLine1: required(200),
    addressLine2: z
      .string()
      .trim()
      .max(200, { error: 'account.error.tooLong' })
      .nullish()
      .transform((value) => value || null),
    postalCode: required(20),
    locality: required(100),
    countryCode: z
      .string({ error: 'commerce.error.country' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'commerce.error.country' }),
    vatNumber: z
      .string()
      .nullish()
      .transform((value) => (value ? normalizeVatNumber(value) : null)),
  })
  .superRefine((profile, context) => {
    // Inside the EU a company buys with its VAT number (reverse charge needs it on the invoice).
    const inEu = profile.countryCode === 'GR' || profile.countryCode in euVatFormats;
    if (profile.vatNumber === null) {
      if (inEu && profile.countryCode !== 'DE') {
        context.addIssue({ code: 'custom', path: ['vatNumber'], message: 'commerce.error.vatNumberRequired' });
      }
      return;
    }
    if (!isValidVatNumber(profile.vatNumber, profile.countryCode)) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: 'commerce.error.vatNumber' });
    }
  });

export type BillingProfileInput = z.infer<typeof billingProfileSchema>;

export const placeOrderSchema = z.object({
  productId: z.coerce
    .number({ error: 'commerce.error.product' })
    .int({ error: 'commerce.error.product' })
    .positive({ error: 'commerce.error.product' }),
  quantity: z.coerce
    .number({ error: 'commerce.error.quantity' })
    .int({ error: 'commerce.error.quantity' })
    .min(1, { error: 'commerce.error.quantity' })
    .max(100, { error: 'commerce.error.quantity' })
    .default(1),
  billing: billingProfileSchema,
  acceptTerms: z.literal(true, { error: 'commerce.error.terms' }),
  /** The form's one-time key: a second submission places no second order. */
  requestKey: z
    .string({ error: 'commerce.error.requestKey' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'commerce.error.requestKey' }),
  organizationId: z.number().int().positive().nullish(),
});

export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** "1.234,56 €" or "€1,234.56": the amount in the locale's digits, the currency where the brand puts it. */
export function formatPrice(cents: number, currency: string, locale: string, placement: 'before' | 'after'): string {
  const amount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
  const symbol = currency === 'EUR' ? '€' : currency;
  return placement === 'after' ? `${amount}\u00a0${symbol}` : `${symbol}${amount}`;
}
