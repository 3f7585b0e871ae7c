/**
 * Uploaded files on disk, outside `public/` (DESIGN.md, files). Files are stored under random keys the
 * server generates; no part of a path ever comes from the client, and keys are checked before use, so a
 * key read back from anywhere cannot point outside the upload directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile as readFromDisk, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { log, logUnexpected } from '../log.ts';

const defaultUploadDir = './data/uploads';

const environmentSchema = z.object({
  UPLOAD_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : defaultUploadDir)),
});

/**
 * The upload directory from `UPLOAD_DIR` (default ./data/uploads), resolved against the working directory.
 * Read on every call rather than cached, so tests can point each run at its own directory.
 */
export function uploadDirectory(env: Record<string, string | undefined> = process.env): string {
  return resolve(environmentSchema.parse(env).UPLOAD_DIR);
}

/** 32 hex characters, optionally with a short lowercase extension: "9f…e1.pdf". */
const keyPattern = /^[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/;

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}

function pathOf(directory: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  // Two-character fan-out keeps directories small once there are many uploads.
  return join(directory, key.slice(0, 2), key);
}

/** Files are written under `<key>.<random>.part` and renamed to the key once complete. */
const partSuffix = '.part';

/**
 * A `.part` file untouched this long belongs to an upload that was interrupted (process killed mid-write):
 * a running upload writes from memory and keeps touching its file. Younger ones may be another worker's.
 */
const abandonedAfterMs = 15 * 60 * 1000;

/**
 * Removes the partial files of interrupted uploads from an upload directory (and its fan-out folders);
 * returns how many were removed. A missing directory has none.
 */
export async function removeAbandonedPartFiles(
  directory: string = uploadDirectory(),
  now: Date = new Date(),
): Promise<number> {
  let entries;
  try {
    entries = await readdir(directory, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(partSuffix)) continue;
    const path = join(entry.parentPath, entry.name);
    const stats = await stat(path).catch(() => null);
    if (stats && now.getTime() - stats.mtimeMs >= abandonedAfterMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  if (removed > 0) log('storage').info({ directory, removed }, 'removed partial files of interrupted uploads');
  return removed;
}

/** When each directory was last swept for abandoned `.part` files by this process. */
const lastSweep = new Map<string, number>();
const sweepIntervalMs = 60 * 60 * 1000;

/**
 * Sweeps abandoned `.part` files when this process first uses a directory, then at most once an hour
 * (a worker restarted right after a crash finds its predecessor's files still young). A failing sweep is
 * logged and never blocks an upload.
 */
async function sweepOnUse(directory: string): Promise<void> {
  const last = lastSweep.get(directory);
  if (last !== undefined && Date.now() - last < sweepIntervalMs) return;
  lastSweep.set(directory, Date.now());
  try {
    await removeAbandonedPartFiles(directory);
  } catch (error) {
    logUnexpected('storage', 'sweeping partial upload files failed', error);
  }
}

/** More bytes arrived than the store was allowed to take; nothing was kept. */
export class FileTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
    this.maxBytes = maxBytes;
  }
}

export interface StoreFileOptions {
  /** The content: bytes, or a stream, which is written as it arrives. */
  data: Uint8Array | ReadableStream<Uint8Array>;
  /** Refuses with FileTooLargeError as soon as more bytes than this have arrived. */
  maxBytes?: number;
  /** Extension of the detected file type (never the uploaded name's): "pdf". */
  extension?: string;
  directory?: string;
}

/**
 * The first `length` bytes of a stream (fewer when it is shorter) and a stream of all its bytes, the
 * first ones included: the type of an upload is checked before anything is written.
 */
export async function peekStream(
  stream: ReadableStream<Uint8Array>,
  length: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const seen: Uint8Array[] = [];
  let seenBytes = 0;
  while (seenBytes < length) {
    const { done, value } = await reader.read();
    if (done) break;
    seen.push(value);
    seenBytes += value.byteLength;
  }
  const head = new Uint8Array(Math.min(length, seenBytes));
  let offset = 0;
  for (const chunk of seen) {
    if (offset >= head.length) break;
    head.set(chunk.subarray(0, head.length - offset), offset);
    offset += chunk.byteLength;
  }
  const replay = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = seen.shift();
      if (next) return controller.enqueue(next);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream: replay };
}

async function writeCounted(
  handle: FileHandle,
  data: Uint8Array | ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<number> {
  if (data instanceof Uint8Array) {
    if (data.byteLength > maxBytes) throw new FileTooLargeError(maxBytes);
    await handle.write(data);
    return data.byteLength;
  }
  const reader = data.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
      if (size > maxBytes) throw new FileTooLargeError(maxBytes);
      await handle.write(value);
    }
  } catch (error) {
    // Stop the source too: nothing more of it is wanted.
    await reader.cancel(error).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes a file under a new random key and returns the key and the number of bytes written. The bytes
 * are counted while they are written; past `maxBytes` the write stops and nothing is kept.
 */
export async function storeFile(options: StoreFileOptions): Promise<{ key: string; size: number }> {
  const directory = options.directory ?? uploadDirectory();
  await sweepOnUse(directory);
  const key = randomBytes(16).toString('hex') + (options.extension ? `.${options.extension.toLowerCase()}` : '');
  const size = await writeAtomically(pathOf(directory, key), options.data, options.maxBytes);
  return { key, size };
}

/**
 * Writes a file made by the server from a stored one (an image's smaller size) under the key the server
 * chose for it. Written as a whole or not at all; two writers of the same key leave one complete file.
 */
export async function storeDerivedFile(options: { key: string; data: Uint8Array; directory?: string }): Promise<void> {
  await writeAtomically(pathOf(options.directory ?? uploadDirectory(), options.key), options.data);
}

async function writeAtomically(
  target: string,
  data: Uint8Array | ReadableStream<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<number> {
  await mkdir(dirname(target), { recursive: true });
  // Write to a temporary name first: a crash mid-write must not leave a truncated file under the key.
  const temporary = `${target}.${randomBytes(4).toString('hex')}${partSuffix}`;
  try {
    const handle = await open(temporary, 'wx');
    let size: number;
    try {
      size = await writeCounted(handle, data, maxBytes);
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    return size;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The bytes stored under a key, or null when there is no such file. */
export async function readFile(options: { key: string; directory?: string }): Promise<Uint8Array | null> {
  const path = pathOf(options.directory ?? uploadDirectory(), options.key);
  try {
    return new Uint8Array(await readFromDisk(path));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
}

/** Deletes the file under a key; a missing file is not an error. */
export async function removeFile(options: { key: string; directory?: string }): Promise<void> {
  await rm(pathOf(options.directory ?? uploadDirectory(), options.key), { force: true });
}
