/**
 * The part of a search input an alert keeps (every kind: job and resume alerts): the named keys that are
 * set. The search's own schema checks them before they are saved; page, page size and sort are the digest's.
 */
export function savedSearchOf<Keys extends string>(
  input: unknown,
  keys: readonly Keys[],
): Partial<Record<Keys, unknown>> {
  const search: Partial<Record<Keys, unknown>> = {};
  if (input && typeof input === 'object') {
    for (const key of keys) {
      const value = (input as Record<string, unknown>)[key];
      if (value !== undefined && value !== null) search[key] = value;
    }
  }
  return search;
}
