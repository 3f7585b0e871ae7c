import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCsrfToken, csrfTokenFromCookie, isCsrfTokenValid } from './csrf';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('CSRF double-submit token', () => {
  it('uses the Auth.js cookie format', () => {
    const { token, cookieValue } = createCsrfToken(secret);
    const hash = createHash('sha256').update(`${token}${secret}`).digest('hex');
    expect(cookieValue).toBe(`${token}|${hash}`);
    expect(csrfTokenFromCookie(cookieValue, secret)).toBe(token);
  });

  it('accepts the matching token only', () => {
    const { token, cookieValue } = createCsrfToken(secret);
    expect(isCsrfTokenValid(cookieValue, token, secret)).toBe(true);
    expect(isCsrfTokenValid(cookieValue, `${token.slice(0, -1)}0`, secret)).toBe(token.endsWith('0'));
    expect(isCsrfTokenValid(cookieValue, undefined, secret)).toBe(false);
    expect(isCsrfTokenValid(undefined, token, secret)).toBe(false);
    // A cookie forged without the secret is refused.
    expect(isCsrfTokenValid(`${token}|${'0'.repeat(64)}`, token, secret)).toBe(false);
    expect(csrfTokenFromCookie(cookieValue, 'another-secret-another-secret-another')).toBeNull();
  });
});
