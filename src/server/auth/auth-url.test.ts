import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { authOrigin, isSameOriginRequest, sameOriginPath, trustsHost, usesSecureCookies } from './auth-url';

const origin = new URL('https://jobs.example.de');

describe('callback URLs', () => {
  it('keeps paths and absolute URLs of this origin', () => {
    expect(sameOriginPath('/dashboard?tab=1', origin)).toBe('/dashboard?tab=1');
    expect(sameOriginPath('https://jobs.example.de/jobs?q=a#x', origin)).toBe('/jobs?q=a#x');
  });

  it('refuses every other origin', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'http://jobs.example.de/', // other scheme
      'https://jobs.example.de.evil.example/',
      'javascript:alert(1)',
      ' https://evil.example',
    ]) {
      expect(sameOriginPath(evil, origin, '/fallback'), evil).toBe('/fallback');
    }
    expect(sameOriginPath(undefined, origin)).toBe('/');
  });

  it('refuses paths that become protocol-relative once normalised or decoded (open redirects)', () => {
    for (const evil of [
      '/.//evil.example',
      '/./\\evil.example',
      '/\\evil',
      '/./\\evil',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%252F%252Fevil.example',
      '/%5Cevil.example',
      '/%5C%5Cevil.example',
      '/a/..//evil.example',
      '/a/../%2F/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\t//evil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%0d%0a/evil.example',
      '///evil.example',
      '\\\\evil.example',
      'https://jobs.example.de//evil.example',
      'https://jobs.example.de/.//evil.example',
      '/%E0%A4%A',
    ]) {
      expect(sameOriginPath(evil, origin, '/fallback'), JSON.stringify(evil)).toBe('/fallback');
    }
  });

  it('keeps ordinary paths with dots, encoded characters and double slashes later on', () => {
    expect(sameOriginPath('/./jobs', origin)).toBe('/jobs');
    expect(sameOriginPath('/jobs//berlin?q=a%2Fb', origin)).toBe('/jobs//berlin?q=a%2Fb');
    expect(sameOriginPath('/jobs/caf%C3%A9', origin)).toBe('/jobs/caf%C3%A9');
    expect(sameOriginPath('/de/dashboard?dispatch=login', origin)).toBe('/de/dashboard?dispatch=login');
  });
});

describe('auth origin and cookies', () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request('http://127.0.0.1:3002/api/auth/csrf', { headers });

  it('uses SITE_URL, else forwarded headers when trusted, else the request', () => {
    expect(authOrigin(request(), parseConfig({ SITE_URL: 'https://jobs.example.de/x' })).href).toBe(
      'https://jobs.example.de/',
    );
    const forwarded = { 'x-forwarded-host': 'proxy.example', 'x-forwarded-proto': 'https' };
    expect(authOrigin(request(forwarded), parseConfig({ AUTH_TRUST_HOST: 'true' })).href).toBe(
      'https://proxy.example/',
    );
    expect(authOrigin(request(forwarded), parseConfig({})).href).toBe('http://127.0.0.1:3002/');
  });

  it('accepts a request only when its Origin is the public origin or its own', () => {
    const post = (headers: Record<string, string>) =>
      new Request('http://127.0.0.1:3002/api/analytics/events', { method: 'POST', headers });
    const site = parseConfig({ SITE_URL: 'https://jobs.example.de' });
    expect(isSameOriginRequest(post({ origin: 'https://jobs.example.de' }), site)).toBe(true);
    expect(isSameOriginRequest(post({ origin: 'http://127.0.0.1:3002' }), site)).toBe(true);
    expect(isSameOriginRequest(post({ origin: 'https://evil.example' }), site)).toBe(false);
    expect(isSameOriginRequest(post({ origin: 'null' }), site)).toBe(false);
    expect(isSameOriginRequest(post({}), site)).toBe(false);
  });

  it('makes cookies Secure only in production on https', () => {
    expect(usesSecureCookies(origin, parseConfig({ NODE_ENV: 'production' }))).toBe(true);
    expect(usesSecureCookies(origin, parseConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(usesSecureCookies(new URL('http://127.0.0.1'), parseConfig({}))).toBe(false);
  });

  it('trusts the host unless told not to', () => {
    expect(trustsHost(parseConfig({}))).toBe(true);
    expect(trustsHost(parseConfig({ AUTH_TRUST_HOST: 'false' }))).toBe(false);
    expect(trustsHost(parseConfig({ AUTH_TRUST_HOST: 'false', SITE_URL: 'https://a.example' }))).toBe(true);
  });
});
