import { describe, expect, it } from 'vitest';
import { brands } from '../../../brands';
import { brandWords, checkPasswordStrength, passwordFeedbackMessages } from './password-strength';

const origin = new URL('https://jobs.jobregio.example');

describe('password strength (zxcvbn-ts, score 3 or more)', () => {
  it('refuses common passwords, repeats, keyboard rows and the brand’s own words', async () => {
    const context = { brand: brands.jobregio, userInputs: ['lena.schmidt@example.test'], origin };
    for (const password of [
      'password12',
      '1234567890',
      ' '.repeat(10),
      'Passwort123',
      'motdepasse123',
      'qwertzuiop',
      'azertyuiop12',
      'JobRegio Oberrhein',
      'jobregiooberrhein',
      'JobRegio2026!',
      'jobs.jobregio.example',
      'lena.schmidt1990',
      'Lena Schmidt',
      'Sommerferien 2024',
      'a-long-password',
    ]) {
      expect((await checkPasswordStrength(password, context)).ok, JSON.stringify(password)).toBe(false);
    }
    for (const brand of Object.values(brands)) {
      expect((await checkPasswordStrength(brand.name, { brand, userInputs: [] })).ok, brand.name).toBe(false);
    }
  });

  it('accepts a long random passphrase', async () => {
    const context = { brand: brands.tagblatt, userInputs: ['max@muster.test', 'Max', 'Muster'], origin };
    for (const password of [
      'kettle-umbrella-quasar-71',
      'Mauve lantern drifts over 9 quiet dunes',
      'x7#Kq9!vLp2@Zr5&',
    ]) {
      expect(await checkPasswordStrength(password, context), password).toMatchObject({ ok: true });
    }
  });

  it('stays fast for the longest passwords the forms accept', async () => {
    const context = { brand: brands.tagblatt, userInputs: [], origin };
    await checkPasswordStrength('warm-up', context);
    // CPU time, not wall-clock time: a busy machine makes this test wait, not work more.
    const started = process.cpuUsage();
    for (const password of ['@4$1!0|3'.repeat(25), '1234567890'.repeat(20), 'x7#Kq9!vLp2@Zr5&Mw8$'.repeat(10)]) {
      await checkPasswordStrength(password, context);
    }
    const { user, system } = process.cpuUsage(started);
    // A generous bound: with zxcvbn's defaults each of these takes over a second of CPU.
    expect((user + system) / 1000).toBeLessThan(3000);
  });

  it('rates the plain variant too: lower case, without spaces, dots, dashes and underscores', async () => {
    const { plainVariant } = await import('./password-strength');
    expect(plainVariant(' Max Muster_1990.x-y ')).toBe('maxmuster1990xy');
  });

  it('names the brand’s id, name, slogan words and domain as guessable', () => {
    const words = brandWords(brands.tagblatt, new URL('https://stellen.tagblatt.example'));
    for (const word of ['tagblatt', 'tagblatt stellenmarkt', 'tagblattstellenmarkt', 'stellenmarkt', 'tageszeitung']) {
      expect(words).toContain(word);
    }
    expect(words).toContain('stellen.tagblatt.example');
  });

  it('translates zxcvbn’s feedback from the language packs and leaves out what they cannot translate', async () => {
    const verdict = await checkPasswordStrength('Passwort123', { brand: brands.tagblatt, userInputs: [], origin });
    expect(verdict.ok).toBe(false);
    const feedback = verdict.ok ? { warning: null, suggestions: [] } : verdict.feedback;
    const german = await passwordFeedbackMessages(feedback, 'de');
    expect(german.length).toBeGreaterThan(0);
    expect(german.join(' ')).toMatch(/Passw|Wörter|groß/);
    expect((await passwordFeedbackMessages(feedback, 'fr')).join(' ')).toMatch(/mot|mots|majuscule/i);
    expect(await passwordFeedbackMessages({ warning: 'noSuchKey', suggestions: ['neither'] }, 'en-GB')).toEqual([]);
  });
});
