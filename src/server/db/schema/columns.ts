/**
 * Column helpers shared by the domain schemas. Enumerations are text columns with a CHECK constraint
 * rather than PostgreSQL enums, so adding a value is a one-line migration instead of an ALTER TYPE.
 */
import { sql, type SQL } from 'drizzle-orm';
import { customType, doublePrecision, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

export const contentLanguages = ['de', 'en', 'fr'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

export const textSearchConfigs = ['german', 'english', 'french'] as const;
export type TextSearchConfig = (typeof textSearchConfigs)[number];

/** `column IN ('a', 'b')` for CHECK constraints; the values are code constants, never user input. */
export function isOneOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  const list = values.map((value) => (typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`));
  return sql`${column} in (${sql.raw(list.join(', '))})`;
}

export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** The text search configuration of a row; regconfig keeps the two-argument to_tsvector immutable. */
export const regconfig = customType<{ data: TextSearchConfig; driverData: string }>({
  dataType: () => 'regconfig',
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Postal address as the organization and job forms send it (SPEC section 3). */
export const addressColumns = () => ({
  countryCode: text('country_code'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  administrativeArea: text('administrative_area'),
  locality: text('locality'),
  postalCode: text('postal_code'),
});

export const coordinateColumns = () => ({
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});
