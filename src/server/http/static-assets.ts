/**
 * The text-like static files of the build (dist/client: scripts, stylesheets, SVG, JSON, …), served by the
 * front door from memory with their precompressed siblings (`.br`, `.gz`, written by precompress.ts at build
 * time): the coding the client accepts best (compression.ts), the sibling's own Content-Length, a
 * content-derived ETag per coding, `Vary: Accept-Encoding`, 304 for a matching If-None-Match (or an
 * unchanged If-Modified-Since), and no body for HEAD. Hashed build assets under /_astro/ are cached for a
 * year as immutable; the few unhashed files (favicon) are revalidated by their tag.
 *
 * Images, fonts and other binary files, range requests, and anything over the memory budget are left to
 * Astro's adapter, which streams them from disk.
 *
 * Runs under plain Node (scripts/serve.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import {
  codingFileSuffixes,
  compressibleFileTypes,
  contentCodings,
  negotiateContentCoding,
  type ContentCoding,
} from './compression.ts';
import { immutableCacheControl, revalidatedCacheControl } from './cache-control.ts';
import { contentEntityTag, ifNoneMatchMatches } from './entity-tags.ts';

/** Astro's folder for hashed build output (`build.assets`, left at its default in astro.config.mjs). */
export const hashedAssetPrefix = '/_astro/';

/** Files and siblings held in memory at most, in bytes; what does not fit is served by the adapter. */
const memoryBudgetBytes = 64 * 1024 * 1024;

interface Variant {
  body: Buffer;
  entityTag: string;
}

export interface StaticAsset {
  contentType: string;
  cacheControl: string;
  lastModified: string;
  identity: Variant;
  /** The precompressed siblings that exist. */
  coded: Partial<Record<ContentCoding, Variant>>;
}

export type StaticAssets = ReadonlyMap<string, StaticAsset>;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Reads the text-like files of `clientDir` and their precompressed siblings, keyed by URL path. */
export async function loadStaticAssets(clientDir: string): Promise<StaticAssets> {
  const assets = new Map<string, StaticAsset>();
  let heldBytes = 0;
  const files = await filesUnder(clientDir).catch(() => []);
  const present = new Set(files);
  for (const file of files.sort()) {
    const contentType = compressibleFileTypes[extname(file).toLowerCase()];
    if (contentType === undefined) continue;
    const body = await readFile(file);
    const identity = { body, entityTag: contentEntityTag(body) };
    const coded: Partial<Record<ContentCoding, Variant>> = {};
    let size = body.length;
    for (const coding of contentCodings) {
      const sibling = file + codingFileSuffixes[coding];
      if (!present.has(sibling)) continue;
      const codedBody = await readFile(sibling);
      // Tagged by the content it stands for, so a rebuilt sibling of unchanged content keeps its tag.
      coded[coding] = { body: codedBody, entityTag: contentEntityTag(body, `-${coding}`) };
      size += codedBody.length;
    }
    if (heldBytes + size > memoryBudgetBytes) continue;
    heldBytes += size;
    const path = `/${relative(clientDir, file).split(sep).join('/')}`;
    assets.set(path, {
      contentType,
      cacheControl: path.startsWith(hashedAssetPrefix) ? immutableCacheControl : revalidatedCacheControl,
      lastModified: (await stat(file)).mtime.toUTCString(),
      identity,
      coded,
    });
  }
  return assets;
}

function pathOf(target: string): string | null {
  const query = target.indexOf('?');
  try {
    return decodeURIComponent(query < 0 ? target : target.slice(0, query));
  } catch {
    return null;
  }
}

const headerOf = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Answers a GET or HEAD for one of `assets` and returns true; false leaves the request to Astro. */
export function serveStaticAsset(request: IncomingMessage, response: ServerResponse, assets: StaticAssets): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // Byte ranges are of the file as it is on disk: the adapter's static handler serves them.
  if (request.headers.range !== undefined) return false;
  const path = pathOf(request.url ?? '');
  const asset = path === null ? undefined : assets.get(path);
  if (!asset) return false;

  const offered = contentCodings.filter((coding) => asset.coded[coding] !== undefined);
  const coding = negotiateContentCoding(headerOf(request, 'accept-encoding'), offered);
  const variant = (coding === null ? undefined : asset.coded[coding]) ?? asset.identity;
  response.setHeader('Cache-Control', asset.cacheControl);
  response.setHeader('ETag', variant.entityTag);
  response.setHeader('Last-Modified', asset.lastModified);
  if (offered.length > 0) response.setHeader('Vary', 'Accept-Encoding');

  const ifNoneMatch = headerOf(request, 'if-none-match');
  const ifModifiedSince = headerOf(request, 'if-modified-since');
  const isUnchanged =
    ifNoneMatch !== undefined
      ? ifNoneMatchMatches(ifNoneMatch, variant.entityTag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(asset.lastModified);
  if (isUnchanged) {
    response.writeHead(304);
    response.end();
    return true;
  }
  response.setHeader('Content-Type', asset.contentType);
  if (coding !== null && variant !== asset.identity) response.setHeader('Content-Encoding', coding);
  response.setHeader('Content-Length', variant.body.length);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : variant.body);
  return true;
}
