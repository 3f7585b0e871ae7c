import { describe, expect, it } from 'vitest';
import { stripInternalPrefix } from './internal-link';

describe('internal link prefix (SPEC section 2)', () => {
  it('strips the internal: prefix', () => expect(stripInternalPrefix('internal:/jobs')).toBe('/jobs'));
  it('keeps query strings', () => expect(stripInternalPrefix('internal:/jobs?search=x')).toBe('/jobs?search=x'));
  it('adds the leading slash when the stored link had none', () =>
    expect(stripInternalPrefix('internal:contact')).toBe('/contact'));
  it('leaves other links alone', () => {
    expect(stripInternalPrefix('/jobs')).toBe('/jobs');
    expect(stripInternalPrefix('https://example.org')).toBe('https://example.org');
  });
});
