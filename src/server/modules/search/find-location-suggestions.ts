import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/index.ts';
import { suggestLocations, type LocationSuggestion } from '../../search/index.ts';
import { parseInput } from '../../validation.ts';

export const maxSuggestions = 50;

const inputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, { error: 'query must contain at least one character' })
    .max(100, { error: 'query must be at most 100 characters' }),
  limit: z
    .number()
    .int()
    .min(1, { error: `limit must be between 1 and ${maxSuggestions}` })
    .max(maxSuggestions, { error: `limit must be between 1 and ${maxSuggestions}` })
    .nullish(),
});

/** Places for the location field, within the brand's autocomplete bounds (SPEC 9). */
export function findLocationSuggestions(options: {
  brand: Brand;
  locale: Locale;
  input: unknown;
}): LocationSuggestion[] {
  const { query, limit } = parseInput(inputSchema, options.input);
  return suggestLocations({
    query,
    limit: limit ?? 10,
    bounds: options.brand.autocompleteBounds,
    locale: options.locale,
  });
}
