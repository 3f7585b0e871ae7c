import type { Locale } from '../../brands/types.ts';

/**
 * Intl formatters cost far more to build than to use (a tenth of a millisecond each, several per page), so
 * each is built once per process and key; the keys are few (locales × currencies × two precisions).
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator;
const formatters = new Map<string, Formatter>();

function formatterFor<T extends Formatter>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "3.500 – 4.200 € pro Monat": the salary range in the visitor's locale (currency placed per locale). */
export function formatSalaryAmount(amount: number, currencyCode: string, locale: Locale): string {
  const fractionDigits = amount % 1 === 0 ? 0 : 2;
  return formatterFor(
    `number ${locale} ${currencyCode} ${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currencyCode,
        maximumFractionDigits: fractionDigits,
      }),
  ).format(amount);
}

export function formatSalaryRange(
  salary: { min: number | null; max: number | null; currencyCode: string },
  locale: Locale,
): string | null {
  const { min, max, currencyCode } = salary;
  if (min !== null && max !== null && min !== max) {
    return `${formatSalaryAmount(min, currencyCode, locale)} – ${formatSalaryAmount(max, currencyCode, locale)}`;
  }
  const single = min ?? max;
  return single === null ? null : formatSalaryAmount(single, currencyCode, locale);
}

/** "1.234" (de), "1,234" (en-GB), "1 234" (fr). */
export function formatNumber(value: number, locale: Locale): string {
  return formatterFor(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** The locale's collator (sorting labels alphabetically), built once per locale. */
export function collatorFor(locale: Locale): Intl.Collator {
  return formatterFor(`collator ${locale}`, () => new Intl.Collator(locale));
}

export function formatDate(iso: string, locale: Locale): string {
  return formatterFor(
    `date ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }),
  ).format(new Date(iso));
}

/** "Kaiserstraße 1, 70173 Stuttgart" from the parts that exist. */
export function formatAddress(address: {
  addressLine1: string | null;
  postalCode: string | null;
  locality: string | null;
}): string {
  const place = [address.postalCode, address.locality].filter(Boolean).join(' ');
  return [address.addressLine1, place].filter(Boolean).join(', ');
}

/** 52428800 → "50 MB", 1024 → "1 KB", in the locale's number format. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [divisor, unit] = bytes >= 1024 * 1024 ? [1024 * 1024, 'MB'] : bytes >= 1024 ? [1024, 'KB'] : [1, 'bytes'];
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bytes / divisor)} ${unit}`;
}
