import type { Locale } from '../../brands/types.ts';

/** "3.500 – 4.200 € pro Monat": the salary range in the visitor's locale (currency placed per locale). */
export function formatSalaryAmount(amount: number, currencyCode: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode,
    maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
  }).format(amount);
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

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
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
