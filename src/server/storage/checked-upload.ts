/**
 * The one way an uploaded file is accepted (application files, resume attachments, organization images):
 * its extension is allowed, it is not empty and within the size limit, and its first bytes ("magic bytes")
 * prove the extension's type. The caller turns a refusal into its own field error.
 */
import { detectFileType, extensionOf, fileTypeHeaderLength, type DetectedFileType } from './detect-file-type.ts';
import { FileTooLargeError, peekStream, removeFile, storeFile } from './file-storage.ts';

/** An uploaded file as graphql-yoga hands it over (the File of the Fetch API). */
export interface UploadedFile {
  name: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<Record<keyof UploadedFile, unknown>>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.stream === 'function';
}

/** The uploaded name without any path, control characters or excess length; shown to visitors as is. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned.length <= 200) return cleaned;
  const extension = extensionOf(cleaned);
  return `${cleaned.slice(0, 190)}${extension ? `.${extension}` : ''}`;
}

/** Why a file was refused: its extension, no content, too large, or content not of its extension's type. */
export type UploadProblem = 'type' | 'empty' | 'tooLarge' | 'content';

export interface UploadRules {
  /** Allowed extensions of the uploaded name, lowercase. */
  extensions: readonly string[];
  maxBytes: number;
  /** The caller's error for a problem (a field error in the visitor's language). */
  refuse: (problem: UploadProblem) => Error;
}

/** A file that passed the checks: its clean name, proven type and its content as a stream not yet read. */
export interface CheckedUpload {
  fileName: string;
  type: DetectedFileType;
  stream: ReadableStream<Uint8Array>;
}

/** Checks name, size and first bytes of an upload; throws `refuse(problem)` when one fails. */
export async function checkUpload(file: UploadedFile, rules: UploadRules): Promise<CheckedUpload> {
  const fileName = cleanFileName(file.name);
  const extension = extensionOf(fileName);
  const allowed = rules.extensions.map((candidate) => candidate.toLowerCase());
  if (!allowed.includes(extension)) throw rules.refuse('type');
  if (file.size === 0) throw rules.refuse('empty');
  if (file.size > rules.maxBytes) throw rules.refuse('tooLarge');
  const { head, stream } = await peekStream(file.stream(), fileTypeHeaderLength);
  const type = detectFileType(head);
  if (!type || !type.acceptedExtensions.includes(extension)) {
    await stream.cancel();
    throw rules.refuse('content');
  }
  return { fileName, type, stream };
}

/**
 * Checks an upload and streams it to storage under a generated key, counted as it is written and refused
 * (nothing kept) as soon as it passes the limit.
 */
export async function storeCheckedUpload(
  file: UploadedFile,
  rules: UploadRules & { directory?: string },
): Promise<{ fileName: string; type: DetectedFileType; key: string; size: number }> {
  const { fileName, type, stream } = await checkUpload(file, rules);
  try {
    const stored = await storeFile({
      data: stream,
      maxBytes: rules.maxBytes,
      extension: type.extension,
      directory: rules.directory,
    });
    return { fileName, type, ...stored };
  } catch (error) {
    if (error instanceof FileTooLargeError) throw rules.refuse('tooLarge');
    throw error;
  }
}

/**
 * Reads a checked upload into memory (for files that are processed, such as images), refusing it as soon as
 * more than the limit has arrived.
 */
export async function readCheckedUpload(
  file: UploadedFile,
  rules: UploadRules,
): Promise<{ fileName: string; type: DetectedFileType; bytes: Uint8Array }> {
  const { fileName, type, stream } = await checkUpload(file, rules);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > rules.maxBytes) {
      await reader.cancel();
      throw rules.refuse('tooLarge');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { fileName, type, bytes };
}

/** Runs the write that records a stored file; when it fails, the file is removed again and the error rethrown. */
export async function keepStoredFile<T>(
  stored: { key: string; directory?: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeFile({ key: stored.key, directory: stored.directory });
    throw error;
  }
}
