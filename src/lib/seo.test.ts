import { describe, expect, it } from 'vitest';
import { canonicalUrl, isCanonicalExcluded, metatagSlug } from './seo';

describe('canonical links', () => {
  it('are emitted for content pages', () => {
    for (const path of ['/', '/jobs', '/jobs/minijobs', '/organizations', '/privacy-policy', '/blog']) {
      expect(isCanonicalExcluded(path)).toBe(false);
    }
  });
  it('are left out on error, account and checkout pages', () => {
    for (const path of ['/404', '/500', '/user/login', '/dashboard', '/my-products', '/checkout', '/router']) {
      expect(isCanonicalExcluded(path)).toBe(true);
    }
  });
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
