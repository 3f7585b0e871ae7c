import { describe, expect, it } from 'vitest';
import { maxSearchTerms, parseSearchText } from './search-text.ts';

const word = (text: string, negated = false) => ({ text, phrase: false, negated });

describe('parseSearchText', () => {
  it('splits words and strips the punctuation around them', () => {
    expect(parseSearchText('  Pflegefachkraft (m/w/d), „Intensiv“ ')).toEqual([
      [word('Pflegefachkraft'), word('m/w/d'), word('Intensiv')],
    ]);
    expect(parseSearchText('C# .NET pfleg*')).toEqual([[word('C#'), word('.NET'), word('pfleg')]]);
  });

  it('reads phrases, exclusions and OR as websearch_to_tsquery does', () => {
    expect(parseSearchText('"care home" -night or Pflege')).toEqual([
      [{ text: 'care home', phrase: true, negated: false }, word('night', true)],
      [word('Pflege')],
    ]);
    expect(parseSearchText('or Pflege OR')).toEqual([[word('Pflege')]]);
    expect(parseSearchText('"Pflege"')).toEqual([[word('Pflege')]]);
    expect(parseSearchText('"" ()')).toEqual([]);
  });

  it('keeps at most a fixed number of terms', () => {
    const terms = parseSearchText(Array.from({ length: 20 }, (_, index) => `wort${index}`).join(' ')).flat();
    expect(terms).toHaveLength(maxSearchTerms);
  });
});
