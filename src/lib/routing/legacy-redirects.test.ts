import { describe, expect, it } from 'vitest';
import { jobCategories } from '../job-categories';
import { legacyRedirectTarget } from './legacy-redirects';

describe('legacy redirects (SPEC section 2)', () => {
  it('covers the eleven categories', () => expect(jobCategories).toHaveLength(11));

  it.each(jobCategories.map((category) => [category.legacyName, category.slug]))(
    '/Jobs/%s goes to /jobs/%s, with or without sub-path',
    (legacyName, slug) => {
      expect(legacyRedirectTarget(`/Jobs/${legacyName}`)).toBe(`/jobs/${slug}`);
      expect(legacyRedirectTarget(`/Jobs/${legacyName}/`)).toBe(`/jobs/${slug}`);
      expect(legacyRedirectTarget(`/Jobs/${legacyName}/Stuttgart/Seite-2.html`)).toBe(`/jobs/${slug}`);
    },
  );

  it('sends /Suchergebnis.html to /jobs', () => expect(legacyRedirectTarget('/Suchergebnis.html')).toBe('/jobs'));
  it('ignores unknown legacy categories and current paths', () => {
    expect(legacyRedirectTarget('/Jobs/Unbekannt')).toBeNull();
    expect(legacyRedirectTarget('/jobs/it-telekommunikation')).toBeNull();
    expect(legacyRedirectTarget('/Jobs')).toBeNull();
  });
});
