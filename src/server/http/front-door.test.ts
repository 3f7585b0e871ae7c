import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactFormBodyBytes, maxUploadBytes, maxUploadRequestBytes, smallBodyBytes } from './body-limits';
import {
  bodyLimitOf,
  hostGate,
  hostKindOf,
  maxRequestTargetLength,
  refusalLocaleOf,
  refusalOf,
  refusalText,
  type RequestHead,
} from './front-door';
import { securityHeaders } from './security-headers';

const gate = hostGate(new URL('https://jobs.example.de'), 3002);
const head = (overrides: Partial<RequestHead> = {}): RequestHead => ({
  method: 'GET',
  target: '/de/jobs',
  host: 'jobs.example.de',
  contentLength: undefined,
  transferEncoding: undefined,
  contentType: undefined,
  ...overrides,
});

describe('host check', () => {
  it('admits the public host (default port implied or explicit) and loopback names at the listening port', () => {
    expect(hostKindOf('jobs.example.de', gate)).toBe('public');
    expect(hostKindOf('JOBS.example.de:443', gate)).toBe('public');
    for (const host of ['localhost:3002', '127.0.0.1:3002', '[::1]:3002'])
      expect(hostKindOf(host, gate)).toBe('loopback');
  });

  it('refuses every other name, port or malformed value', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      'jobs.example.de:80',
      'jobs.example.de.evil.example',
      'evil.example@jobs.example.de',
      'jobs.example.de/x',
      'localhost',
      '127.0.0.1:3003',
      '10.0.0.1:3002',
    ]) {
      expect(hostKindOf(host, gate), String(host)).toBeNull();
    }
  });

  it('takes the public port from an http origin with one', () => {
    const local = hostGate(new URL('http://localhost:3002'), 3002);
    expect(hostKindOf('localhost:3002', local)).toBe('public');
    expect(hostKindOf('127.0.0.1:3002', local)).toBe('loopback');
    expect(hostKindOf('localhost', local)).toBeNull();
  });

  it('admits no host that differs from the admitted ones', () => {
    const admitted = new Set([
      'jobs.example.de',
      'jobs.example.de:443',
      'localhost:3002',
      '127.0.0.1:3002',
      '[::1]:3002',
    ]);
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (domain, port) => {
        const host = port === null ? domain : `${domain}:${port}`;
        if (admitted.has(host.toLowerCase())) return;
        expect(hostKindOf(host, gate)).toBeNull();
      }),
    );
  });
});

describe('refusals', () => {
  it('admits ordinary requests', () => {
    expect(refusalOf(head(), gate)).toBeNull();
    expect(refusalOf(head({ method: 'HEAD' }), gate)).toBeNull();
    expect(refusalOf(head({ method: 'OPTIONS', target: '/graphql' }), gate)).toBeNull();
    expect(refusalOf(head({ method: 'POST', contentLength: String(smallBodyBytes) }), gate)).toBeNull();
  });

  it('refuses methods no route has with 405', () => {
    for (const method of ['TRACE', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
      expect(refusalOf(head({ method }), gate)?.status).toBe(405);
    }
  });

  it('refuses targets that are no path (400) or longer than 2,000 characters (414)', () => {
    expect(refusalOf(head({ target: '*' }), gate)?.status).toBe(400);
    expect(refusalOf(head({ target: 'http://evil.example/' }), gate)?.status).toBe(400);
    expect(refusalOf(head({ target: `/${'a'.repeat(maxRequestTargetLength - 1)}` }), gate)).toBeNull();
    expect(refusalOf(head({ target: `/${'a'.repeat(maxRequestTargetLength)}` }), gate)?.status).toBe(414);
  });

  it('refuses a foreign Host with 421', () => {
    expect(refusalOf(head({ host: 'evil.example' }), gate)?.status).toBe(421);
    expect(refusalOf(head({ host: undefined }), gate)?.status).toBe(421);
  });

  it('refuses a body over the limit by its length (413) and one of unknown length where the limit is small (411)', () => {
    const post = (overrides: Partial<RequestHead>) => refusalOf(head({ method: 'POST', ...overrides }), gate);
    expect(post({ contentLength: String(smallBodyBytes + 1) })).toMatchObject({ status: 413, limit: smallBodyBytes });
    expect(post({ target: '/graphql', contentType: 'application/json', contentLength: '204800' })?.status).toBe(413);
    expect(post({ target: '/api/auth/callback/credentials', transferEncoding: 'chunked' })?.status).toBe(411);
    const upload = { target: '/graphql', contentType: 'multipart/form-data; boundary=x' };
    expect(post({ ...upload, contentLength: String(maxUploadRequestBytes) })).toBeNull();
    expect(post({ ...upload, transferEncoding: 'chunked' })).toBeNull();
    expect(post({ ...upload, contentLength: String(maxUploadRequestBytes + 1) })).toMatchObject({
      status: 413,
      limit: maxUploadRequestBytes,
    });
  });
});

describe('body limits', () => {
  it('allows a 50 MiB attachment plus its envelope only for GraphQL multipart POSTs', () => {
    expect(maxUploadBytes).toBe(52_428_800);
    expect(bodyLimitOf('POST', '/graphql', 'multipart/form-data; boundary=abc')).toBeGreaterThan(maxUploadBytes);
    expect(bodyLimitOf('POST', '/graphql', 'application/json')).toBe(102_400);
    expect(bodyLimitOf('POST', '/graphql', 'multipart/form-datax')).toBe(smallBodyBytes);
    expect(bodyLimitOf('POST', '/de/contact', 'multipart/form-data; boundary=abc')).toBe(contactFormBodyBytes);
    expect(bodyLimitOf('POST', '/kontakt/', 'multipart/form-data; boundary=abc')).toBe(contactFormBodyBytes);
    expect(bodyLimitOf('POST', '/contact', 'application/x-www-form-urlencoded')).toBe(smallBodyBytes);
    expect(bodyLimitOf('POST', '/contact/other', 'multipart/form-data; boundary=abc')).toBe(smallBodyBytes);
    expect(bodyLimitOf('GET', '/graphql', 'multipart/form-data; boundary=abc')).toBe(smallBodyBytes);
  });
});

describe('refusal texts', () => {
  it('speaks the language of the path prefix, German otherwise', () => {
    expect(refusalLocaleOf('/en-GB/jobs?q=x')).toBe('en-GB');
    expect(refusalLocaleOf('/fr')).toBe('fr');
    expect(refusalLocaleOf('/graphql')).toBe('de');
    expect(refusalText({ status: 421, reason: '' }, 'en-GB')).toBe('421 This server does not serve this address.\n');
    expect(refusalText({ status: 413, reason: '', limit: smallBodyBytes }, 'de')).toBe(
      '413 Die gesendeten Daten sind zu groß: erlaubt sind höchstens 100 KB.\n',
    );
    expect(refusalText({ status: 413, reason: '', limit: maxUploadRequestBytes }, 'fr')).toContain('50 MB');
  });
});

describe('security headers', () => {
  it('sends HSTS only for an https origin', () => {
    expect(securityHeaders(new URL('https://jobs.example.de'))).toMatchObject({
      'X-Frame-Options': 'SAMEORIGIN',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    });
    expect(securityHeaders(new URL('http://localhost:3002'))).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders(new URL('http://localhost:3002'))['Content-Security-Policy']).toBe(
      "object-src 'none'; base-uri 'self'; frame-ancestors 'self'",
    );
  });
});
