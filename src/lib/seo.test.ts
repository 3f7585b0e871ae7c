import { describe, expect, it } from 'vitest';
import { canonicalUrl, metatagSlug } from './seo';

describe('canonical links', () => {
  it('drop the query string', () => {
    expect(canonicalUrl('https://jobs.example.de', '/jobs')).toBe('https://jobs.example.de/jobs');
  });
});

describe('metatag slugs (SPEC section 2)', () => {
  it('drop jobId, path and router parameters', () => {
    expect(metatagSlug('/jobs?jobId=12&search=pflege&path=/x&router=/y')).toBe('/jobs?search=pflege');
    expect(metatagSlug('/router?router=%2Fpflege-jobs-stuttgart')).toBe('/router');
  });
  it('drop a trailing slash but keep the home page', () => {
    expect(metatagSlug('/organizations/')).toBe('/organizations');
    expect(metatagSlug('/')).toBe('/');
  });
});
