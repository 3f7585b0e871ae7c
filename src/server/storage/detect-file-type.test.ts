import { describe, expect, it } from 'vitest';
import { detectFileType, extensionOf } from './detect-file-type.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])));

describe('detectFileType', () => {
  it('recognises PDF, PNG, JPEG and WebP by their first bytes', () => {
    expect(detectFileType(bytes('%PDF-1.4\n'))?.mimeType).toBe('application/pdf');
    expect(detectFileType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0))?.mimeType).toBe('image/png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe1))?.acceptedExtensions).toEqual(['jpg', 'jpeg']);
    expect(detectFileType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))?.extension).toBe('webp');
  });

  it('recognises nothing else, including truncated headers and other RIFF files', () => {
    expect(detectFileType(bytes('MZ', 0x90, 0))).toBeNull();
    expect(detectFileType(bytes('%PD'))).toBeNull();
    expect(detectFileType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(detectFileType(new Uint8Array(0))).toBeNull();
  });
});

describe('extensionOf', () => {
  it('returns the lower-case extension, or nothing for names without one', () => {
    expect(extensionOf('Bewerbung.Final.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.pdf')).toBe('');
  });
});
