import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FileTooLargeError,
  isStorageKey,
  peekStream,
  readFile,
  removeAbandonedPartFiles,
  removeFile,
  storeFile,
  uploadDirectory,
} from './file-storage.ts';

/** Every file below a directory, relative to it. */
async function filesIn(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1))
    .sort();
}

/** A stream of `total` bytes in chunks of `chunkSize`; `failAfter` makes it error after that many bytes. */
function byteStream(total: number, chunkSize: number, failAfter?: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && sent >= failAfter) {
        controller.error(new Error('connection reset'));
        return;
      }
      if (sent >= total) {
        controller.close();
        return;
      }
      const size = Math.min(chunkSize, total - sent);
      controller.enqueue(new Uint8Array(size).fill(0x25));
      sent += size;
    },
  });
}

describe('file storage', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'jobboard-storage-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('stores under a random key, reads it back and removes it', async () => {
    const data = new TextEncoder().encode('%PDF-1.7 hello');
    const first = await storeFile({ data, extension: 'pdf', directory });
    const second = await storeFile({ data, extension: 'pdf', directory });
    expect(first.key).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(second.key).not.toBe(first.key);
    expect(await readFile({ key: first.key, directory })).toEqual(data);
    await removeFile({ key: first.key, directory });
    expect(await readFile({ key: first.key, directory })).toBeNull();
    await removeFile({ key: first.key, directory });
    const files = await readdir(directory, { recursive: true, withFileTypes: true });
    expect(files.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([second.key]);
  });

  it('refuses keys that could reach outside the upload directory', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'abc', `${'a'.repeat(32)}/../x`, `${'A'.repeat(32)}.pdf`]) {
      expect(isStorageKey(key)).toBe(false);
      await expect(readFile({ key, directory })).rejects.toThrow('Not a storage key');
    }
  });

  it('streams a file of exactly maxBytes and refuses one byte more as it arrives, keeping nothing', async () => {
    const own = await mkdtemp(join(tmpdir(), 'jobboard-storage-limit-'));
    try {
      const exact = await storeFile({
        data: byteStream(10_000, 4096),
        maxBytes: 10_000,
        extension: 'pdf',
        directory: own,
      });
      expect(exact.size).toBe(10_000);
      expect((await readFile({ key: exact.key, directory: own }))?.byteLength).toBe(10_000);
      await expect(
        storeFile({ data: byteStream(10_001, 4096), maxBytes: 10_000, extension: 'pdf', directory: own }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(
        storeFile({ data: new Uint8Array(10_001), maxBytes: 10_000, directory: own }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await filesIn(own)).toEqual([join(exact.key.slice(0, 2), exact.key)]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('leaves no partial file when the upload stream fails midway', async () => {
    const own = await mkdtemp(join(tmpdir(), 'jobboard-storage-fail-'));
    try {
      await expect(storeFile({ data: byteStream(100_000, 1000, 5000), directory: own })).rejects.toThrow(
        'connection reset',
      );
      expect(await filesIn(own)).toEqual([]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('removes partial files of interrupted uploads, not young ones or stored files', async () => {
    const own = await mkdtemp(join(tmpdir(), 'jobboard-storage-parts-'));
    try {
      const kept = await storeFile({ data: new TextEncoder().encode('%PDF-1.7'), extension: 'pdf', directory: own });
      await mkdir(join(own, 'ab'), { recursive: true });
      const abandoned = join('ab', `${'ab'.repeat(16)}.pdf.0a1b2c3d.part`);
      const young = join('ab', `${'ab'.repeat(16)}.pdf.99887766.part`);
      await writeFile(join(own, abandoned), 'half a file');
      await writeFile(join(own, young), 'being written');
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
      await utimes(join(own, abandoned), hourAgo, hourAgo);

      expect(await removeAbandonedPartFiles(own)).toBe(1);
      expect(await filesIn(own)).toEqual([young, join(kept.key.slice(0, 2), kept.key)].sort());
      expect(await removeAbandonedPartFiles(join(own, 'missing'))).toBe(0);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('sweeps partial files left in a directory when this process first stores there', async () => {
    const own = await mkdtemp(join(tmpdir(), 'jobboard-storage-sweep-'));
    try {
      await mkdir(join(own, 'cd'), { recursive: true });
      const abandoned = join(own, 'cd', `${'cd'.repeat(16)}.png.01020304.part`);
      await writeFile(abandoned, 'half a file');
      const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
      await utimes(abandoned, dayAgo, dayAgo);
      const { key } = await storeFile({ data: new Uint8Array([1, 2, 3]), directory: own });
      expect(await filesIn(own)).toEqual([join(key.slice(0, 2), key)]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('peeks at the first bytes of a stream and still hands on all of them', async () => {
    const { head, stream } = await peekStream(byteStream(10, 3), 4);
    expect(head).toEqual(new Uint8Array(4).fill(0x25));
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(new Uint8Array(10).fill(0x25));
    const short = await peekStream(byteStream(2, 3), 4);
    expect(short.head).toEqual(new Uint8Array(2).fill(0x25));
  });

  it('takes the directory from UPLOAD_DIR, ./data/uploads by default', () => {
    expect(uploadDirectory({})).toBe(resolve('data/uploads'));
    expect(uploadDirectory({ UPLOAD_DIR: '/srv/uploads' })).toBe('/srv/uploads');
  });
});
