import slugify from '@sindresorhus/slugify';

/**
 * URL slugs for German content: umlauts become ae/oe/ue and ß becomes ss (the transliteration of
 * @sindresorhus/slugify), "GmbH" stays one word and a few symbols keep their meaning.
 */
export function slugifyGerman(value: string): string {
  return slugify(value, {
    decamelize: false,
    customReplacements: [
      ['&', ' und '],
      ['C++', ' cpp '],
      ['C#', ' csharp '],
      ['.NET', ' dotnet '],
      ['(m/w/d)', ''],
      ['(w/m/d)', ''],
      ['(m/w/x)', ''],
      ['(gn*)', ''],
      ['(all genders)', ''],
      ['(h/f)', ''],
      ['(f/m/d)', ''],
      ['(m/f/d)', ''],
    ],
  });
}
