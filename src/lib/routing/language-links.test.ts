import { describe, expect, it } from 'vitest';
import { languageLinks } from './language-links';
import type { RoutingBrand } from './resolve-request';
import { routerPath, visitorSearch } from './site-paths';

const multilingual: RoutingBrand = {
  locales: ['de', 'en-GB', 'fr'],
  pathTranslation: true,
  features: { resume: true },
};
const germanOnly: RoutingBrand = { locales: ['de'], pathTranslation: true, features: { resume: false } };

const hrefs = (internalPath: string, search: string, brand: RoutingBrand = multilingual) =>
  Object.fromEntries(languageLinks(internalPath, search, 'de', brand).map((link) => [link.locale, link.href]));

describe('language switch links', () => {
  it('link the same search in every locale, path translated, query kept', () => {
    expect(hrefs('/jobs/gesundheit-soziales', '?search=Pflege&location=Ulm&page=2')).toEqual({
      de: '/de/jobs/gesundheit-soziales?search=Pflege&location=Ulm&page=2',
      'en-GB': '/en-GB/jobs/gesundheit-soziales?search=Pflege&location=Ulm&page=2',
      fr: '/fr/emploi/gesundheit-soziales?search=Pflege&location=Ulm&page=2',
    });
  });

  it('translate every translated route', () => {
    expect(hrefs('/resumes', '')).toEqual({ de: '/de/bewerbersuche', 'en-GB': '/en-GB/cvs', fr: '/fr/resumes' });
    expect(hrefs('/organizations', '?industry=3')).toMatchObject({ de: '/de/arbeitgeber-suchen?industry=3' });
    expect(hrefs('/', '')).toEqual({ de: '/de/', 'en-GB': '/en-GB/', fr: '/fr/' });
  });

  it('mark the current locale', () => {
    expect(languageLinks('/jobs', '', 'fr', multilingual).filter((link) => link.isCurrent)).toEqual([
      { locale: 'fr', href: '/fr/emploi', isCurrent: true },
    ]);
  });

  it('are none for a brand with one locale', () => {
    expect(languageLinks('/jobs', '?search=x', 'de', germanOnly)).toEqual([]);
  });
});

describe('visitorSearch', () => {
  it("is the URL's query on ordinary pages", () => {
    expect(visitorSearch(new URL('http://x/jobs?search=Koch'))).toBe('?search=Koch');
    expect(visitorSearch(new URL('http://x/jobs'))).toBe('');
  });

  it("is the visitor's own query behind a /router rewrite", () => {
    const rewritten = (search: string) => new URL(routerPath('/pflege-jobs-ulm', search), 'http://x');
    expect(visitorSearch(rewritten('?utm_source=news&page=2'))).toBe('?utm_source=news&page=2');
    expect(visitorSearch(rewritten(''))).toBe('');
  });
});
