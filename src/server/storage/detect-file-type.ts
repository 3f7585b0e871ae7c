/**
 * File types recognised by their first bytes ("magic bytes"). The uploaded name and the browser's content
 * type are chosen by the client; only the content says what a file really is.
 */
export interface DetectedFileType {
  /** Canonical extension used for the stored file (jpg for both .jpg and .jpeg). */
  extension: 'pdf' | 'jpg' | 'png' | 'webp';
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';
  /** Upload names that may carry this type. */
  acceptedExtensions: readonly string[];
}

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

interface Signature {
  type: DetectedFileType;
  /** Byte values expected at an offset; null matches any byte. */
  parts: readonly { offset: number; bytes: readonly (number | null)[] }[];
}

const signatures: readonly Signature[] = [
  {
    type: { extension: 'pdf', mimeType: 'application/pdf', acceptedExtensions: ['pdf'] },
    parts: [{ offset: 0, bytes: ascii('%PDF-') }],
  },
  {
    type: { extension: 'png', mimeType: 'image/png', acceptedExtensions: ['png'] },
    parts: [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  },
  {
    type: { extension: 'jpg', mimeType: 'image/jpeg', acceptedExtensions: ['jpg', 'jpeg'] },
    parts: [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }],
  },
  {
    type: { extension: 'webp', mimeType: 'image/webp', acceptedExtensions: ['webp'] },
    parts: [
      { offset: 0, bytes: ascii('RIFF') },
      { offset: 8, bytes: ascii('WEBP') },
    ],
  },
];

/** Bytes a caller must read from the start of a file for `detectFileType`. */
export const fileTypeHeaderLength = 16;

/** The type of a file from its leading bytes, or null when it is none of the known types. */
export function detectFileType(head: Uint8Array): DetectedFileType | null {
  const matches = (signature: Signature) =>
    signature.parts.every(({ offset, bytes }) =>
      bytes.every((byte, index) => byte === null || head[offset + index] === byte),
    );
  return signatures.find(matches)?.type ?? null;
}

/** "Bewerbung.Final.PDF" → "pdf"; "" when the name has no extension. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}
