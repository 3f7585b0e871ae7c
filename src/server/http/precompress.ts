/**
 * Precompression of the build's static files (astro.config.mjs runs it when `astro build` is done): every
 * text-like file of at least 1 KB in dist/client gets a `.br` (brotli at its strongest) and a `.gz` (gzip
 * level 9) sibling, kept only when it is smaller than the file. static-assets.ts serves them.
 *
 * Runs under plain Node (astro.config.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { codingFileSuffixes, compressibleFileTypes, compressionThresholdBytes } from './compression.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the compressed siblings of the files under `directory`; stale siblings of an earlier build go. */
export async function precompressDirectory(directory: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    if (compressibleFileTypes[extname(file).toLowerCase()] === undefined) continue;
    const content = await readFile(file);
    const siblings = { br: file + codingFileSuffixes.br, gzip: file + codingFileSuffixes.gzip };
    if (content.length < compressionThresholdBytes) {
      await Promise.all(Object.values(siblings).map((sibling) => rm(sibling, { force: true })));
      continue;
    }
    const [brotliBody, gzipBody] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    summary.files += 1;
    summary.bytes += content.length;
    for (const [coding, body] of [
      ['br', brotliBody],
      ['gzip', gzipBody],
    ] as const) {
      if (body.length < content.length) {
        await writeFile(siblings[coding], body);
        summary[coding === 'br' ? 'brotliBytes' : 'gzipBytes'] += body.length;
      } else {
        await rm(siblings[coding], { force: true });
        summary[coding === 'br' ? 'brotliBytes' : 'gzipBytes'] += content.length;
      }
    }
  }
  return summary;
}
