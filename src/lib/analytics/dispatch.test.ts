import { describe, expect, it } from 'vitest';
import { dispatchEventOf, withDispatch, withoutDispatch } from './dispatch';

describe('dispatch parameter', () => {
  it('is removed from the address while destination stays', () => {
    expect(withoutDispatch(new URL('https://x.example/dashboard?dispatch=login&destination=%2Fjobs'))).toBe(
      '/dashboard?destination=%2Fjobs',
    );
    expect(withoutDispatch(new URL('https://x.example/?dispatch=sign_up'))).toBe('/');
  });

  it('names known events only and can be added to a callback path', () => {
    expect(dispatchEventOf('login')).toBe('login');
    expect(dispatchEventOf('evil')).toBeNull();
    expect(withDispatch('/dashboard?a=1', 'login')).toBe('/dashboard?a=1&dispatch=login');
  });
});
