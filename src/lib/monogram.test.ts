import { describe, expect, it } from 'vitest';
import { initialsOf, monogramSvg } from './monogram';

describe('monogram logos', () => {
  it('take the initials of the distinctive words', () => {
    expect(initialsOf('Stadtwerke Ulm GmbH')).toBe('SU');
    expect(initialsOf('Klinikum der Stadt Esslingen')).toBe('KS');
    expect(initialsOf('Müller & Söhne KG')).toBe('MS');
    expect(initialsOf('GmbH')).toBe('?');
  });
  it('are stable per name and escape the name', () => {
    expect(monogramSvg('A <b> GmbH')).toBe(monogramSvg('A <b> GmbH'));
    expect(monogramSvg('A <b> GmbH')).toContain('aria-label="A &#60;b&#62; GmbH"');
    expect(monogramSvg('Stadtwerke Ulm GmbH')).not.toBe(monogramSvg('Klinikum Ulm'));
  });
});
