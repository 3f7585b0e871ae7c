import { describe, expect, it } from 'vitest';
import { translatePath, untranslatePath } from './route-translations';

describe('route translations (SPEC section 2)', () => {
  it.each([
    ['en-GB', '/resumes', '/cvs'],
    ['en-GB', '/resumes/42', '/cvs/42'],
    ['en-GB', '/resume/edit', '/cv/edit'],
    ['en-GB', '/resume/edit/personal-info', '/cv/edit/personal-info'],
    ['en-GB', '/resume/wizard', '/cv/wizard'],
    ['en-GB', '/resume/wizard/import', '/cv/wizard/import'],
    ['en-GB', '/resume/wizard/job-preferences', '/cv/wizard/job-preferences'],
    ['en-GB', '/resume', '/cv'],
    ['en-GB', '/resume/17', '/cv/17'],
    ['de', '/resumes', '/bewerbersuche'],
    ['de', '/resumes/3', '/bewerbersuche/3'],
    ['de', '/resume/edit', '/lebenslauf/edit'],
    ['de', '/resume/wizard', '/lebenslauf/wizard'],
    ['de', '/resume/wizard/import', '/lebenslauf/wizard/import'],
    ['de', '/resume/wizard/job-preferences', '/lebenslauf/wizard/job-preferences'],
    ['de', '/resume/wizard/personal-info', '/lebenslauf/wizard/personal-info'],
    ['de', '/resume', '/lebenslauf'],
    ['de', '/resume/9', '/lebenslauf/9'],
    ['de', '/organizations', '/arbeitgeber-suchen'],
    ['de', '/organizations/it', '/arbeitgeber-suchen/it'],
    ['de', '/contact', '/kontakt'],
    ['fr', '/jobs', '/emploi'],
    ['fr', '/jobs/it-telekommunikation', '/emploi/it-telekommunikation'],
  ] as const)('%s: %s is shown as %s and read back', (locale, internal, translated) => {
    expect(translatePath(internal, locale)).toBe(translated);
    expect(untranslatePath(translated, locale)).toBe(internal);
  });

  it.each([
    ['de', '/jobs'],
    ['de', '/organization/acme'],
    ['de', '/resume-alert/edit/1'],
    ['de', '/contacts'],
    ['en-GB', '/organizations'],
    ['fr', '/job/123'],
    ['fr', '/resume'],
  ] as const)('%s leaves %s alone', (locale, path) => {
    expect(translatePath(path, locale)).toBe(path);
    expect(untranslatePath(path, locale)).toBeNull();
  });

  it('reads translated paths whatever their case', () => {
    expect(untranslatePath('/Emploi/IT', 'fr')).toBe('/jobs/IT');
  });
});
