/**
 * What a visitor types into the keyword field, split the way `websearch_to_tsquery` reads it: words,
 * "quoted phrases", -excluded words and OR between alternatives. Matching itself is in text-query.ts.
 */

export interface SearchTerm {
  /** A word (may contain inner punctuation such as m/w/d or C#) or the text of a phrase. */
  text: string;
  phrase: boolean;
  /** Jobs containing it are left out. */
  negated: boolean;
}

/** Alternatives (OR) of terms that must all match (AND). */
export type SearchGroups = SearchTerm[][];

/** More terms make long SQL and no better results; the rest of a long input is ignored. */
export const maxSearchTerms = 8;

/** Punctuation around a word that is not part of it: "(m/w/d)", "Pflege," or „Pflege“. */
const outerPunctuation = /^[()[\]{}<>,;:!?"'„“”‚‘’«»*]+|[()[\]{}<>,;:!?"'„“”‚‘’«».*]+$/gu;

export function parseSearchText(input: string): SearchGroups {
  const groups: SearchGroups = [[]];
  let count = 0;
  for (const match of input.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    if (count >= maxSearchTerms) break;
    const current = groups[groups.length - 1] ?? [];
    const [, minus, quoted, token] = match;
    if (quoted !== undefined) {
      const text = quoted.replace(/\s+/g, ' ').trim();
      if (text === '') continue;
      current.push({ text, phrase: text.includes(' '), negated: minus === '-' });
      count += 1;
      continue;
    }
    if (token === undefined) continue;
    if (/^or$/i.test(token)) {
      if (current.length > 0) groups.push([]);
      continue;
    }
    const negated = token.length > 1 && token.startsWith('-');
    const text = (negated ? token.slice(1) : token).replace(outerPunctuation, '');
    if (text === '') continue;
    current.push({ text, phrase: false, negated });
    count += 1;
  }
  return groups.filter((group) => group.length > 0);
}
