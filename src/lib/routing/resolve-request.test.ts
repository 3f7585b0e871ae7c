import { describe, expect, it } from 'vitest';
import { localizePath, resolveRequest, type RoutingBrand } from './resolve-request';

const germanOnly: RoutingBrand = { locales: ['de'], pathTranslation: false, features: { resume: false } };
const germanTranslated: RoutingBrand = { locales: ['de'], pathTranslation: true, features: { resume: false } };
const multilingual: RoutingBrand = {
  locales: ['de', 'en-GB', 'fr'],
  pathTranslation: true,
  features: { resume: true },
};

const resolve = (url: string, brand: RoutingBrand, acceptLanguage: string | null = null) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return resolveRequest({ pathname, search, acceptLanguage }, brand);
};

describe('localizePath', () => {
  it('adds no prefix for one locale', () => expect(localizePath('/jobs', 'de', germanOnly)).toBe('/jobs'));
  it('prefixes every locale when there are several', () => {
    expect(localizePath('/jobs', 'de', multilingual)).toBe('/de/jobs');
    expect(localizePath('/jobs', 'fr', multilingual)).toBe('/fr/emploi');
    expect(localizePath('/resume/edit', 'en-GB', multilingual)).toBe('/en-GB/cv/edit');
    expect(localizePath('/', 'fr', multilingual)).toBe('/fr/');
  });
  it('prefixes job, organization and alias paths without translating /job by the /jobs rule', () => {
    expect(localizePath('/job/pflegefachkraft-42', 'fr', multilingual)).toBe('/fr/job/pflegefachkraft-42');
    expect(localizePath('/job/42', 'en-GB', multilingual)).toBe('/en-GB/job/42');
    expect(localizePath('/jobs/gesundheit-soziales', 'fr', multilingual)).toBe('/fr/emploi/gesundheit-soziales');
    expect(localizePath('/organization/acme', 'de', multilingual)).toBe('/de/organization/acme');
    expect(localizePath('/pflege-jobs-stuttgart', 'fr', multilingual)).toBe('/fr/pflege-jobs-stuttgart');
    expect(localizePath('/job/42', 'de', germanTranslated)).toBe('/job/42');
  });
  it('translates only when the brand has path translation', () => {
    expect(localizePath('/contact', 'de', germanTranslated)).toBe('/kontakt');
    expect(localizePath('/contact', 'de', germanOnly)).toBe('/contact');
  });
});

describe('resolveRequest', () => {
  it('passes API and asset requests through', () => {
    expect(resolve('/api/messages/de', multilingual)).toEqual({ kind: 'pass' });
    expect(resolve('/graphql', multilingual)).toEqual({ kind: 'pass' });
    expect(resolve('/_astro/x.css', multilingual)).toEqual({ kind: 'pass' });
  });

  it('renders canonical pages in place', () => {
    expect(resolve('/jobs?search=pflege', germanOnly)).toEqual({
      kind: 'page',
      locale: 'de',
      internalPath: '/jobs',
      search: '?search=pflege',
      rewrite: '/jobs?search=pflege',
    });
  });

  it('leaves paths outside the site prefixes to the route lookup', () => {
    expect(resolve('/pflege-jobs-stuttgart?page=2', germanOnly)).toMatchObject({
      kind: 'page',
      internalPath: '/pflege-jobs-stuttgart',
      rewrite: '/router?router=%2Fpflege-jobs-stuttgart&page=2',
    });
    expect(resolve('/de/pflege-jobs-stuttgart', multilingual)).toMatchObject({
      locale: 'de',
      rewrite: '/router?router=%2Fpflege-jobs-stuttgart',
    });
  });

  it('reaches the internal page from a translated path', () => {
    expect(resolve('/kontakt', germanTranslated)).toMatchObject({ kind: 'page', internalPath: '/contact' });
    expect(resolve('/en-GB/cv/wizard/import', multilingual)).toMatchObject({
      kind: 'page',
      locale: 'en-GB',
      internalPath: '/resume/wizard/import',
    });
    expect(resolve('/fr/emploi/it-telekommunikation', multilingual)).toMatchObject({
      kind: 'page',
      locale: 'fr',
      internalPath: '/jobs/it-telekommunikation',
    });
  });

  it('redirects an untranslated path to its translation', () => {
    expect(resolve('/contact', germanTranslated)).toMatchObject({
      kind: 'redirect',
      status: 301,
      location: '/kontakt',
    });
    expect(resolve('/fr/jobs?page=2', multilingual)).toMatchObject({ status: 301, location: '/fr/emploi?page=2' });
  });

  it('does not know translated paths when translation is off', () => {
    expect(resolve('/kontakt', germanOnly)).toMatchObject({ kind: 'page', internalPath: '/kontakt' });
  });

  it('redirects unprefixed paths of a multilingual brand to the visitor language', () => {
    expect(resolve('/jobs', multilingual, 'fr-FR,fr;q=0.9')).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/fr/emploi',
      varyOnLanguage: true,
    });
    expect(resolve('/', multilingual)).toMatchObject({ status: 302, location: '/de/' });
  });

  it('drops a locale prefix on a one-locale brand', () => {
    expect(resolve('/de/jobs', germanOnly)).toMatchObject({ status: 301, location: '/jobs' });
  });

  it('fixes the case of a locale prefix', () => {
    expect(resolve('/en-gb/cvs', multilingual)).toMatchObject({ status: 301, location: '/en-GB/cvs' });
  });

  it('redirects legacy paths straight to the localized category page', () => {
    expect(resolve('/Jobs/IT-Telekommunikation/Stuttgart', germanOnly)).toMatchObject({
      status: 301,
      location: '/jobs/it-telekommunikation',
    });
    expect(resolve('/Suchergebnis.html?jsjn=1', germanOnly)).toMatchObject({ status: 301, location: '/jobs' });
    expect(resolve('/Jobs/Minijobs', multilingual)).toMatchObject({ status: 301, location: '/de/jobs/minijobs' });
  });

  it('forces lowercase on /jobs and /organization paths only', () => {
    expect(resolve('/Jobs/Stuttgart', germanOnly)).toMatchObject({ status: 301, location: '/jobs/stuttgart' });
    expect(resolve('/JOBS?search=IT', germanOnly)).toMatchObject({ status: 301, location: '/jobs?search=IT' });
    expect(resolve('/Organization/ACME-GmbH', germanOnly)).toMatchObject({
      status: 301,
      location: '/organization/acme-gmbh',
    });
    expect(resolve('/Organizations', germanOnly)).toMatchObject({ status: 301, location: '/organizations' });
    expect(resolve('/fr/Emploi/IT', multilingual)).toMatchObject({ status: 301, location: '/fr/emploi/it' });
    expect(resolve('/Blog/Ein-Artikel', germanOnly)).toMatchObject({ kind: 'page', internalPath: '/Blog/Ein-Artikel' });
  });

  it('strips tracking parameters on /jobs only, in one hop with lowercasing', () => {
    expect(resolve('/jobs?search=pflege&jmyc=1&page=2', germanOnly)).toMatchObject({
      status: 301,
      location: '/jobs?search=pflege&page=2',
    });
    expect(resolve('/Jobs/Stuttgart?jsco=1', germanOnly)).toMatchObject({ location: '/jobs/stuttgart' });
    expect(resolve('/organizations?jmyc=1', germanOnly)).toMatchObject({ kind: 'page', search: '?jmyc=1' });
  });

  it('sends resume paths to /404 when resumes are off', () => {
    for (const path of ['/resume', '/resume/', '/resume/wizard/import', '/resume-alert/edit/12']) {
      expect(resolve(path, germanOnly)).toMatchObject({ kind: 'redirect', status: 301, location: '/404' });
    }
    expect(resolve('/lebenslauf/edit', germanTranslated)).toMatchObject({ status: 301, location: '/404' });
    expect(resolve('/resumes', germanOnly)).toMatchObject({ kind: 'page', internalPath: '/resumes' });
    expect(resolve('/resume-alert/edit/12/x', germanOnly)).toMatchObject({ kind: 'page' });
  });

  it('keeps resume paths when resumes are on', () => {
    expect(resolve('/de/lebenslauf', multilingual)).toMatchObject({ kind: 'page', internalPath: '/resume' });
  });

  it('renders error pages on their own path', () => {
    expect(resolve('/404', multilingual, 'fr')).toMatchObject({ kind: 'page', locale: 'fr', internalPath: '/404' });
  });
});

describe('sitemaps and robots.txt (issue 19)', () => {
  it('answer on their own paths on every brand, never redirected to a locale or a translation', () => {
    for (const url of ['/sitemap.xml', '/jobs/sitemap.xml?page=2', '/fr/jobs/sitemap.xml', '/en-GB/blog/sitemap.xml']) {
      const result = resolve(url, multilingual, 'fr');
      expect(result.kind, url).toBe('page');
      if (result.kind === 'page') expect(result.rewrite, url).toBe(`/api/sitemap${new URL(url, 'http://x').search}`);
    }
    expect(resolve('/robots.txt', multilingual, 'fr')).toEqual({ kind: 'pass' });
    expect(resolve('/sitemap.xsl', germanOnly)).toEqual({ kind: 'pass' });
  });
});
