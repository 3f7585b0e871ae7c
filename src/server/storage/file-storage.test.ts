import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, readFile, removeFile, storeFile, uploadDirectory } from './file-storage.ts';

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

  it('takes the directory from UPLOAD_DIR, ./data/uploads by default', () => {
    expect(uploadDirectory({})).toBe(resolve('data/uploads'));
    expect(uploadDirectory({ UPLOAD_DIR: '/srv/uploads' })).toBe('/srv/uploads');
  });
});
