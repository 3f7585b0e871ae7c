import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/index.ts';
import {
  suggestAlternativeLocations,
  suggestLocations,
  type LocationAlternatives,
  type LocationSuggestion,
} from '../../search/index.ts';
import { maxPlaceNameLength } from '../../../lib/search/text-rules.ts';
import { searchTextSchema } from '../../search/text-schema.ts';
import { parseInput } from '../../validation.ts';

export const maxSuggestions = 50;

const inputSchema = z.object({
  query: searchTextSchema('query', maxPlaceNameLength)
    .transform((query) => query.trim())
    .refine((query) => query !== '', { error: 'query must contain at least one character' }),
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

/** "Did you mean …" for a place name the suggestions found nothing for, within the brand's bounds. */
export function findLocationAlternatives(options: {
  brand: Brand;
  locale: Locale;
  input: unknown;
}): LocationAlternatives {
  const { query, limit } = parseInput(inputSchema, options.input);
  return suggestAlternativeLocations({
    query,
    limit: limit ?? 5,
    bounds: options.brand.autocompleteBounds,
    locale: options.locale,
  });
}
