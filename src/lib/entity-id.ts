/**
 * Ids of jobs, organizations, terms and other rows as they appear in URLs. They are PostgreSQL `serial`
 * columns and GraphQL `Int`s, both signed 32-bit: a larger number names nothing and must not reach the
 * backend, where it would fail the request instead of finding nothing.
 */
export const maxEntityId = 2_147_483_647;

/** "42" → 42; anything else ("0", "-1", "1e3", "4.2", " 7", a number above `maxEntityId`) → null. */
export function parseEntityId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= maxEntityId ? id : null;
}

export function isEntityId(raw: string): boolean {
  return parseEntityId(raw) !== null;
}
