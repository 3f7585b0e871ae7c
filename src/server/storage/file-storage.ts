/**
 * Uploaded files on disk, outside `public/` (DESIGN.md, files). Files are stored under random keys the
 * server generates; no part of a path ever comes from the client, and keys are checked before use, so a
 * key read back from anywhere cannot point outside the upload directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile as readFromDisk, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

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

export interface StoreFileOptions {
  data: Uint8Array;
  /** Extension of the detected file type (never the uploaded name's): "pdf". */
  extension?: string;
  directory?: string;
}

/** Writes a file under a new random key and returns the key. */
export async function storeFile(options: StoreFileOptions): Promise<{ key: string }> {
  const directory = options.directory ?? uploadDirectory();
  const key = randomBytes(16).toString('hex') + (options.extension ? `.${options.extension.toLowerCase()}` : '');
  const target = pathOf(directory, key);
  await mkdir(dirname(target), { recursive: true });
  // Write to a temporary name first: a crash mid-write must not leave a truncated file under the key.
  const temporary = `${target}.${randomBytes(4).toString('hex')}.part`;
  try {
    await writeFile(temporary, options.data, { flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { key };
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
