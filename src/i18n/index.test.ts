import { describe, expect, it } from 'vitest';
import { createTranslator, getMessages, localizedText } from './index';
import { de } from './messages/de';

describe('messages', () => {
  it('translates into each locale', () => {
    expect(createTranslator('de')('nav.signIn')).toBe('Anmelden');
    expect(createTranslator('en-GB')('nav.signIn')).toBe('Sign in');
    expect(createTranslator('fr')('nav.signIn')).toBe('Se connecter');
  });

  it('fills placeholders', () => {
    expect(createTranslator('de')('jobs.categoryTitle', { category: 'Pflege' })).toBe('Pflege Jobs');
  });

  it('has every German key in every locale, German where a translation is missing', () => {
    for (const locale of ['en-GB', 'fr'] as const) {
      const messages = getMessages(locale);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(de).sort());
      expect(messages['language.de']).toBe('Deutsch');
    }
  });
});

describe('content texts', () => {
  it('are read in the language of the locale, German where there is none', () => {
    const labels = { de: 'Vollzeit', en: 'Full time', fr: null };
    expect(localizedText(labels, 'de')).toBe('Vollzeit');
    expect(localizedText(labels, 'en-GB')).toBe('Full time');
    expect(localizedText(labels, 'fr')).toBe('Vollzeit');
  });
});
