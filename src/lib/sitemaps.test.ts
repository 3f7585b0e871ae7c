import { describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { hreflangAlternates, parseSitemapRequest, robotsTxt, sitemapPath, urlElement, w3cDateTime } from './sitemaps';

const { tagblatt, jobregio } = brands;

describe('sitemap paths', () => {
  it('reads /{kind}/sitemap.xml on a one-locale brand and /{locale}/{kind}/sitemap.xml on a multilingual one', () => {
    expect(parseSitemapRequest('/sitemap.xml', '', tagblatt)).toEqual({ kind: 'index' });
    expect(parseSitemapRequest('/jobs/sitemap.xml', '', tagblatt)).toEqual({
      kind: 'list',
      segment: 'jobs',
      locale: 'de',
      page: 1,
    });
    expect(parseSitemapRequest('/jobs/sitemap.xml', '?page=3', tagblatt)).toMatchObject({ page: 3 });
    expect(parseSitemapRequest('/en-GB/organizations/sitemap.xml', '', jobregio)).toEqual({
      kind: 'list',
      segment: 'organizations',
      locale: 'en-GB',
      page: 1,
    });
  });

  it('refuses what is no sitemap of the brand, and a second spelling of one', () => {
    for (const [path, search, brand] of [
      ['/jobs/sitemap.xml', '', jobregio],
      ['/de/jobs/sitemap.xml', '', tagblatt],
      ['/fr/emploi/sitemap.xml', '', jobregio],
      ['/en-gb/jobs/sitemap.xml', '', jobregio],
      ['/resumes/sitemap.xml', '', tagblatt],
      ['/jobs/sitemap.xml', '?page=1', tagblatt],
      ['/jobs/sitemap.xml', '?page=0', tagblatt],
      ['/jobs/sitemap.xml', '?page=two', tagblatt],
      ['/jobs/sitemap.xml', '?page=2&x=1', tagblatt],
      ['/sitemap.xml', '?page=2', tagblatt],
      ['/jobs/it/sitemap.xml', '', tagblatt],
    ] as const) {
      expect(parseSitemapRequest(path, search, brand), `${path}${search}`).toBeNull();
    }
  });

  it('writes the paths it reads', () => {
    expect(sitemapPath('landing-pages', 'de', 1, tagblatt)).toBe('/landing-pages/sitemap.xml');
    expect(sitemapPath('jobs', 'fr', 2, jobregio)).toBe('/fr/jobs/sitemap.xml?page=2');
    const path = sitemapPath('job-categories', 'en-GB', 4, jobregio);
    const [pathname, search = ''] = path.split('?');
    expect(parseSitemapRequest(pathname!, `?${search}`, jobregio)).toEqual({
      kind: 'list',
      segment: 'job-categories',
      locale: 'en-GB',
      page: 4,
    });
  });
});

describe('hreflang alternates', () => {
  it('names each locale with its translated path and x-default as the default locale, none on one-locale brands', () => {
    const alternates = hreflangAlternates(() => '/jobs/it', jobregio, 'https://jobs.example');
    expect(alternates).toEqual([
      { hreflang: 'de', href: 'https://jobs.example/de/jobs/it' },
      { hreflang: 'en-GB', href: 'https://jobs.example/en-GB/jobs/it' },
      { hreflang: 'fr', href: 'https://jobs.example/fr/emploi/it' },
      { hreflang: 'x-default', href: 'https://jobs.example/de/jobs/it' },
    ]);
    expect(hreflangAlternates(() => '/jobs', tagblatt, 'https://jobs.example')).toEqual([]);
  });
});

describe('XML', () => {
  it('escapes locations and writes lastmod in W3C datetime', () => {
    expect(urlElement('https://jobs.example/a?b=1&c=<2>', new Date('2026-01-02T03:04:05.678Z'), [])).toBe(
      '<url><loc>https://jobs.example/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>\n',
    );
    expect(w3cDateTime('2026-11-26T17:00:00.000Z')).toBe('2026-11-26T17:00:00Z');
  });

  it('robots.txt names the sitemap index on the public origin', () => {
    expect(robotsTxt('https://jobs.example', ['/api/'])).toBe(
      'User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: https://jobs.example/sitemap.xml\n',
    );
  });
});
