import { describe, expect, it } from 'vitest';
import { isActiveLink } from './active-link';

describe('active link rule (SPEC section 2)', () => {
  it('is active on its own path', () => expect(isActiveLink('/jobs', '/jobs')).toBe(true));
  it('is active below its path', () => expect(isActiveLink('/jobs', '/jobs/it-telekommunikation')).toBe(true));
  it('is not active on a path that merely starts with the same letters', () =>
    expect(isActiveLink('/job', '/jobs')).toBe(false));
  it('ignores query strings on both sides', () => {
    expect(isActiveLink('/jobs?search=pflege', '/jobs')).toBe(true);
    expect(isActiveLink('/jobs', '/jobs?page=2')).toBe(true);
  });
  it('is never active for absolute http links', () => {
    expect(isActiveLink('https://example.org/jobs', '/jobs')).toBe(false);
    expect(isActiveLink('http://example.org/', '/')).toBe(false);
  });
  it('keeps the home link active only on the home page', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/jobs')).toBe(false);
  });
  it('is not active elsewhere', () => expect(isActiveLink('/blog', '/jobs')).toBe(false));
});
