import { describe, expect, it } from 'vitest';
import { brands } from '../../../brands';
import { createAuthConfig } from './auth-config';
import { signInTarget } from './handler';

describe('Auth.js configuration', () => {
  const config = createAuthConfig({ brand: brands.tagblatt, clientAddress: null, device: null });

  it('uses JWT sessions of 30 days, our pages, and 900 s state and PKCE cookies', () => {
    expect(config.session).toEqual({ strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 });
    expect(config.pages).toEqual({ signIn: '/user/login', signOut: '/user/logout', error: '/user/login' });
    expect(config.cookies?.state?.options?.maxAge).toBe(900);
    expect(config.cookies?.pkceCodeVerifier?.options?.maxAge).toBe(900);
    expect(config.cookies?.state?.options).toMatchObject({ httpOnly: true, sameSite: 'lax' });
    expect(config.basePath).toBe('/api/auth');
  });

  it('redirects only within the origin', async () => {
    const redirect = config.callbacks!.redirect!;
    const baseUrl = 'http://127.0.0.1';
    expect(await redirect({ url: '/dashboard?a=1', baseUrl })).toBe('http://127.0.0.1/dashboard?a=1');
    expect(await redirect({ url: 'http://127.0.0.1/jobs', baseUrl })).toBe('http://127.0.0.1/jobs');
    expect(await redirect({ url: 'https://evil.example/', baseUrl })).toBe('http://127.0.0.1/');
    expect(await redirect({ url: '//evil.example/', baseUrl })).toBe('http://127.0.0.1/');
    expect(await redirect({ url: '/.//evil.example', baseUrl })).toBe('http://127.0.0.1/');
  });

  it('sends sign-in without providers to the error page and an unknown provider to the sign-in page', () => {
    expect(signInTarget([], 'signin', 'credentials')).toBe('/api/auth/error?error=Configuration');
    expect(signInTarget(['credentials'], 'signin', 'github')).toBe('/user/login');
    expect(signInTarget(['credentials', 'google'], 'signin', 'google')).toBeNull();
    expect(signInTarget(['credentials'], 'session', undefined)).toBeNull();
  });
});
