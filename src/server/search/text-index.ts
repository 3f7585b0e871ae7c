/**
 * Full-text matching over an in-memory index, for every entity's in-memory engine (jobs: job-index.ts and
 * search-index.ts; resumes: resume-index.ts): the lexemes of each document's search vector with their best
 * weight, packed per lexeme (`Postings`), and the rules of text-query.ts's SQL evaluated on them.
 */
import { textSearchConfigs, type TextSearchConfig } from '../db/schema/columns.ts';
import type { TextQuery } from './text-query.ts';

/**
 * The documents of a lexeme with the lexeme's best weight in each, ascending, packed: per document one
 * unsigned LEB128 varint of `(gap << 2) | (weight - 1)`, where gap is the distance to the previous
 * document (to -1 for the first) and weight 4 title (A), 3 organization (B), 2 skills (C), 1 description
 * (D). The vocabulary is small and most lexemes are common, so most gaps fit in one byte: about a fifth of
 * the 5 bytes per posting of plain arrays (decision 0008 measured 41 MB of postings at 100,000 jobs).
 */
export interface Postings {
  /** How many documents. */
  count: number;
  /** Bytes in use (the array may have room for the next documents a catch-up appends). */
  length: number;
  /** The last document (the gaps are counted from it). */
  last: number;
  bytes: Uint8Array;
}

/** Calls `visit` for each document of the postings, ascending, with its weight (1–4). */
export function forEachPosting(postings: Postings, visit: (document: number, weight: number) => void): void {
  const { bytes, length } = postings;
  let document = -1;
  let at = 0;
  while (at < length) {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    document += value >>> 2;
    visit(document, (value & 3) + 1);
  }
}

const weightOf = (positions: string | undefined): number => {
  if (!positions) return 1;
  if (positions.includes('A')) return 4;
  if (positions.includes('B')) return 3;
  if (positions.includes('C')) return 2;
  return 1;
};

/** `'lexeme':1A,5 'other''s':3` → lexemes with their best weight. */
export function parseVector(text: string, visit: (lexeme: string, weight: number) => void): void {
  for (const match of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = (match[1] ?? '').replaceAll("''", "'").replaceAll('\\\\', '\\');
    visit(lexeme, weightOf(match[2]));
  }
}

/** Room for `needed` values: the array itself, or a copy half as large again. */
export function room<T extends Int32Array | Float64Array | Uint8Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(
    Math.max(needed, array.length + (array.length >> 1) + 16),
  );
  (grown as Float64Array).set(array);
  return grown;
}

export function appendPosting(postings: Postings, document: number, weight: number): void {
  // Below 2^31 for up to 2^28 documents: bitwise operations stay exact.
  let value = ((document - postings.last) << 2) | (weight - 1);
  postings.last = document;
  postings.count += 1;
  // At most 5 bytes per varint.
  postings.bytes = room(postings.bytes, postings.length + 5);
  while (value >= 0x80) {
    postings.bytes[postings.length++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  postings.bytes[postings.length++] = value;
}

/**
 * The documents' lower-case titles, each distinct title kept once and numbered: a title that a thousand jobs
 * share is one string, and a query compares each distinct title with its words once, not once per job.
 */
export interface Titles {
  /** Distinct titles by number. */
  texts: string[];
  numbers: Map<string, number>;
}

export const emptyTitles = (): Titles => ({ texts: [], numbers: new Map() });

/** The number of a (lower-case) title, added when new. */
export function titleNumber(titles: Titles, title: string): number {
  let number = titles.numbers.get(title);
  if (number === undefined) {
    number = titles.texts.push(title) - 1;
    titles.numbers.set(title, number);
  }
  return number;
}

/** Per distinct title: 1 when it contains `text`. */
export function titlesContaining(titles: Titles, text: string): Uint8Array {
  const found = new Uint8Array(titles.texts.length);
  for (const [number, title] of titles.texts.entries()) if (title.includes(text)) found[number] = 1;
  return found;
}

/** What text matching reads of an index: its documents' lexemes, their postings and titles. */
export interface TextIndex {
  /** Documents (ids 0 … size - 1). */
  size: number;
  /** All lexemes, sorted (for prefixes). */
  lexemes: readonly string[];
  postings: ReadonlyMap<string, Postings>;
  titles: Titles;
}

/** Adds a document's lexemes (its search vector as text) to the postings; `onNewLexeme` hears of new ones. */
export function addVector(
  postings: Map<string, Postings>,
  document: number,
  vector: string,
  onNewLexeme: (lexeme: string) => void = () => {},
): void {
  parseVector(vector, (lexeme, weight) => {
    let list = postings.get(lexeme);
    if (!list) {
      list = { count: 0, length: 0, last: -1, bytes: new Uint8Array(16) };
      postings.set(lexeme, list);
      onNewLexeme(lexeme);
    }
    // A lexeme the vector lists twice (it does not) would break the ascending order: once per document.
    if (list.last !== document) appendPosting(list, document, weight);
  });
}

/** Per document: 0 when the lexemes do not match, else the best weight code (1–4). */
export type Matches = Uint8Array;

/** First position in the sorted lexemes not below `prefix`. */
function lowerBound(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Documents having all `lexemes` (best weight among them), or a lexeme starting with `prefix`. */
function matchesOf(index: TextIndex, lexemes: readonly string[], prefix: string | null): Matches {
  const matches = new Uint8Array(index.size);
  const lists = lexemes.map((lexeme) => index.postings.get(lexeme));
  if (lists.every((list) => list !== undefined)) {
    if (lists.length === 1) {
      forEachPosting(lists[0]!, (document, weight) => {
        matches[document] = weight;
      });
    } else {
      const seen = new Uint8Array(index.size);
      const best = new Uint8Array(index.size);
      for (const list of lists) {
        forEachPosting(list, (document, weight) => {
          seen[document]! += 1;
          if (weight > best[document]!) best[document] = weight;
        });
      }
      for (let document = 0; document < index.size; document++) {
        if (seen[document] === lists.length) matches[document] = best[document]!;
      }
    }
  }
  if (prefix !== null) {
    for (let at = lowerBound(index.lexemes, prefix); at < index.lexemes.length; at++) {
      const lexeme = index.lexemes[at] as string;
      if (!lexeme.startsWith(prefix)) break;
      forEachPosting(index.postings.get(lexeme)!, (document, weight) => {
        if (weight > matches[document]!) matches[document] = weight;
      });
    }
  }
  return matches;
}

export interface IndexTerm {
  negated: boolean;
  titleText: string | null;
  /** Per distinct title (Titles): 1 when it contains titleText; null without a titleText. */
  inTitle: Uint8Array | null;
  /** Per configuration (textSearchConfigs order): matches, or null where the configuration drops the word. */
  own: (Matches | null)[];
  /** Matches of any configuration (German jobs accept the English or French stem too, as in the database). */
  any: Matches | null;
}

export function prepareTerms(index: TextIndex, text: TextQuery): IndexTerm[][] {
  const cache = new Map<string, Matches>();
  const cached = (lexemes: readonly string[], prefix: string | null) => {
    const key = `${lexemes.join('\u0000')}\u0001${prefix ?? ''}`;
    let matches = cache.get(key);
    if (!matches) {
      matches = matchesOf(index, lexemes, prefix);
      cache.set(key, matches);
    }
    return matches;
  };
  return text.groups.map((group) =>
    group.map((term) => {
      const negated = term.term.negated;
      const own = textSearchConfigs.map((config: TextSearchConfig) => {
        const lexemes = term.lexemes[config];
        if (lexemes === null) return null;
        // An excluded word is matched exactly (no prefix), as in the database.
        return cached(lexemes, negated ? null : term.prefix[config]);
      });
      let any: Matches | null = null;
      // Configurations that stem a word alike share one array (the cache above): merged once.
      const present = [...new Set(own.filter((matches): matches is Matches => matches !== null))];
      if (present.length === 1) any = present[0]!;
      else if (present.length > 1) {
        any = new Uint8Array(index.size);
        for (const matches of present) {
          for (let document = 0; document < index.size; document++) {
            if (matches[document]! > any[document]!) any[document] = matches[document]!;
          }
        }
      }
      const inTitle = term.titleText === null || negated ? null : titlesContaining(index.titles, term.titleText);
      return { negated, titleText: term.titleText, inTitle, own, any };
    }),
  );
}

export const germanConfig = textSearchConfigs.indexOf('german');

/** Whether document `d` (of configuration `config`, title number `title`) matches a term. */
export function termMatches(term: IndexTerm, d: number, config: number, title: number): boolean {
  if (term.negated) {
    const exact = term.own[config] ?? null;
    return !(exact !== null && exact[d]! > 0);
  }
  const ownMatches = term.own[config] ?? null;
  let vector: boolean;
  if (term.own[germanConfig] === null) {
    // A German stop word does not restrict German jobs; the others by their own configuration.
    if (config === germanConfig) return true;
    vector = ownMatches === null ? true : ownMatches[d]! > 0;
  } else if (config === germanConfig || ownMatches === null) {
    vector = term.any !== null && term.any[d]! > 0;
  } else {
    vector = ownMatches[d]! > 0;
  }
  return vector || (term.inTitle !== null && term.inTitle[title] === 1);
}

export function textMatches(groups: readonly IndexTerm[][], d: number, config: number, title: number): boolean {
  for (const group of groups) {
    let all = true;
    for (const term of group) {
      if (!termMatches(term, d, config, title)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}
