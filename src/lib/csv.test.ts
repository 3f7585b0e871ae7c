import { describe, expect, it } from 'vitest';
import { csvOf } from './csv';

describe('csvOf', () => {
  it('quotes separators and quotes, and defuses formulas', () => {
    const csv = csvOf(
      ['a', 'b'],
      [
        ['x,y', 'say "hi"'],
        ['=HYPERLINK("x")', 'plain'],
      ],
    );
    expect(csv).toBe('\uFEFFa,b\r\n"x,y","say ""hi"""\r\n"\'=HYPERLINK(""x"")",plain\r\n');
  });
});
