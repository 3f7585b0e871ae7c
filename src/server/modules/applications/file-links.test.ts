import { describe, expect, it } from 'vitest';
import { isValidFileLink, signedFileUrl } from './file-links.ts';

const secret = new TextEncoder().encode('file-link-test-secret-0123456789');

describe('signed application file links', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const url = new URL(signedFileUrl(secret, 42, now));
  const expires = url.searchParams.get('expires');
  const signature = url.searchParams.get('signature');

  it('point at the download route and hold for 14 days', () => {
    expect(url.pathname).toBe('/api/application-files/42');
    expect(isValidFileLink(secret, 42, expires, signature, now)).toBe(true);
    expect(isValidFileLink(secret, 42, expires, signature, new Date(now.getTime() + 13 * 86_400_000))).toBe(true);
    expect(isValidFileLink(secret, 42, expires, signature, new Date(now.getTime() + 15 * 86_400_000))).toBe(false);
  });

  it('are refused for another file, a later expiry, another key or a missing part', () => {
    expect(isValidFileLink(secret, 43, expires, signature, now)).toBe(false);
    expect(isValidFileLink(secret, 42, String(Number(expires) + 86_400), signature, now)).toBe(false);
    expect(
      isValidFileLink(new TextEncoder().encode('another-secret-0123456789abcdef'), 42, expires, signature, now),
    ).toBe(false);
    expect(isValidFileLink(secret, 42, null, signature, now)).toBe(false);
    expect(isValidFileLink(secret, 42, expires, null, now)).toBe(false);
  });
});
