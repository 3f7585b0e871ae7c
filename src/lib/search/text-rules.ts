/**
 * What a search accepts as text (keyword, title, place name), in one place for the listing page and the
 * GraphQL API. Limits count characters (code points) of the text as searched: trimmed, runs of
 * whitespace collapsed to one space (tab, line and form feeds, carriage return: whitespace, nothing worse).
 */

/** Keyword and title: longer inputs are not searches but pasted documents. */
export const maxSearchTextLength = 200;
/** Place names: the longest German place names have about 40 characters. */
export const maxPlaceNameLength = 100;

export type TextProblem = 'control' | 'tooLong';

/** Control characters other than the whitespace ones (NUL, ESC, DEL, the C1 range, …). */
const controlCharacter = /[^\P{Cc}\t\n\v\f\r]/u;

/** The text as the search reads it. */
export function normalizeSearchText(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

export function textLength(text: string): number {
  let count = 0;
  for (const character of text) {
    void character;
    count += 1;
  }
  return count;
}

/** Why a text cannot be searched for, or null when it can. */
export function textProblem(raw: string, maxLength: number): TextProblem | null {
  if (controlCharacter.test(raw)) return 'control';
  return textLength(normalizeSearchText(raw)) > maxLength ? 'tooLong' : null;
}
