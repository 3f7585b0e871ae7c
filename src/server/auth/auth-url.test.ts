import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { isSameOriginRequest, sameOriginPath, usesSecureCookies } from './auth-url';

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

describe('same-origin requests and cookies', () => {
  it('accepts a request only when its Origin is the public origin or its own', () => {
    const post = (headers: Record<string, string>) =>
      new Request('http://127.0.0.1:3002/api/analytics/events', { method: 'POST', headers });
    const site = parseConfig({ SITE_URL: 'https://jobs.example.de' });
    expect(isSameOriginRequest(post({ origin: 'https://jobs.example.de' }), site)).toBe(true);
    expect(isSameOriginRequest(post({ origin: 'http://127.0.0.1:3002' }), site)).toBe(true);
    expect(isSameOriginRequest(post({ origin: 'http://jobs.example.de' }), site)).toBe(false);
    expect(isSameOriginRequest(post({ origin: 'https://evil.example' }), site)).toBe(false);
    expect(isSameOriginRequest(post({ origin: 'null' }), site)).toBe(false);
    expect(isSameOriginRequest(post({}), site)).toBe(false);
  });

  it('makes cookies Secure exactly when the public origin is https, whatever NODE_ENV says', () => {
    expect(usesSecureCookies(parseConfig({ SITE_URL: 'https://jobs.example.de' }))).toBe(true);
    expect(usesSecureCookies(parseConfig({ SITE_URL: 'https://jobs.example.de', NODE_ENV: 'development' }))).toBe(true);
    expect(usesSecureCookies(parseConfig({ SITE_URL: 'http://jobs.example.de' }))).toBe(false);
    expect(usesSecureCookies(parseConfig({ HOST: '127.0.0.1' }))).toBe(false);
  });
});
