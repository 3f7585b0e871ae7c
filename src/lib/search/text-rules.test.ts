import { describe, expect, it } from 'vitest';
import { maxSearchTextLength, normalizeSearchText, textLength, textProblem } from './text-rules';

describe('search text rules', () => {
  it('accepts ordinary text, umlauts, punctuation and emoji', () => {
    for (const text of ['Pflege', 'Bäcker (m/w/d)', 'C++ & C#', 'Ingénieur·e', '👩‍⚕️ Pflege', '']) {
      expect(textProblem(text, maxSearchTextLength)).toBeNull();
    }
  });

  it('refuses NUL and other control characters', () => {
    for (const text of ['a\u0000b', '\u001b[31m', 'x\u007f', '\u0085', '\u0008']) {
      expect(textProblem(text, maxSearchTextLength)).toBe('control');
    }
  });

  it('treats tab, line feed and carriage return as whitespace', () => {
    expect(textProblem('Pflege\tUlm\r\n', maxSearchTextLength)).toBeNull();
    expect(normalizeSearchText('  Pflege \t\n Ulm ')).toBe('Pflege Ulm');
  });

  it('counts characters of the text as searched, not code units or surrounding spaces', () => {
    expect(textProblem('a'.repeat(200), 200)).toBeNull();
    expect(textProblem(`  ${'a'.repeat(200)}  `, 200)).toBeNull();
    expect(textProblem('a'.repeat(201), 200)).toBe('tooLong');
    expect(textProblem('😀'.repeat(200), 200)).toBeNull();
    expect(textLength('😀')).toBe(1);
  });
});
