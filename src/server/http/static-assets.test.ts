import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { immutableCacheControl } from './cache-control';
import { contentEntityTag, ifNoneMatchMatches } from './entity-tags';
import { precompressDirectory } from './precompress';
import { loadStaticAssets, serveStaticAsset } from './static-assets';

const script = `export function greet(name) {\n${'  console.log("Hallo " + name + ", willkommen auf dem Stellenmarkt");\n'.repeat(80)}}\n`;
const icon = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
const image = Buffer.alloc(4096, 7);

let root: string;
let origin: string;
let server: ReturnType<typeof createServer>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-assets-'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, '_astro', 'app.Ab12Cd.js'), script);
  writeFileSync(join(root, 'favicon.svg'), icon);
  writeFileSync(join(root, 'photo.png'), image);
  // A sibling of an earlier build, for a file that is now too small to compress.
  writeFileSync(join(root, 'favicon.svg.br'), 'stale');
  await precompressDirectory(root);
  const assets = await loadStaticAssets(root);
  server = createServer((request, response) => {
    if (!serveStaticAsset(request, response, assets)) {
      response.writeHead(404);
      response.end('left to the adapter');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const request = httpRequest(origin + path, { method, headers });
  request.end();
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: Buffer.concat(chunks),
  };
}

describe('precompressDirectory', () => {
  it('writes brotli and gzip siblings of text files of 1 KB and more, and removes stale ones', () => {
    expect(readdirSync(join(root, '_astro')).sort()).toEqual(['app.Ab12Cd.js', 'app.Ab12Cd.js.br', 'app.Ab12Cd.js.gz']);
    expect(
      readdirSync(root)
        .filter((name) => name.startsWith('favicon') || name.startsWith('photo'))
        .sort(),
    ).toEqual(['favicon.svg', 'photo.png']);
  });
});

describe('serveStaticAsset', () => {
  it('serves the sibling the client accepts best, decoding to the file, with its own length and tag', async () => {
    const plain = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'identity' });
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': String(Buffer.byteLength(script)),
      'cache-control': immutableCacheControl,
      vary: 'Accept-Encoding',
      etag: contentEntityTag(script),
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const tags = new Set([plain.headers.etag]);
    for (const [header, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': header });
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.body.length).toBeLessThan(Buffer.byteLength(script) / 5);
      expect(decode(response.body).equals(plain.body)).toBe(true);
      tags.add(response.headers.etag);
    }
    expect(tags.size).toBe(3);
  });

  it('answers a matching If-None-Match or an unchanged If-Modified-Since with 304', async () => {
    const first = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'br' });
    const again = await get('/_astro/app.Ab12Cd.js', {
      'accept-encoding': 'br',
      'if-none-match': `"other", ${String(first.headers.etag)}`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers).toMatchObject({ etag: first.headers.etag, vary: 'Accept-Encoding' });
    // The brotli tag does not stand for the gzip body.
    const otherCoding = await get('/_astro/app.Ab12Cd.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(otherCoding.status).toBe(200);
    const favicon = await get('/favicon.svg');
    const since = await get('/favicon.svg', { 'if-modified-since': String(favicon.headers['last-modified']) });
    expect(since.status).toBe(304);
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    const response = await get('/_astro/app.Ab12Cd.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.body.length).toBe(0);
  });

  it('serves small unhashed files as they are, revalidated, and leaves binaries and ranges to the adapter', async () => {
    const favicon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(favicon.body.toString()).toBe(icon);
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['cache-control']).toBe('public, max-age=0');
    expect(favicon.headers.vary).toBeUndefined();
    expect((await get('/photo.png')).body.toString()).toBe('left to the adapter');
    expect((await get('/_astro/app.Ab12Cd.js', { range: 'bytes=0-9' })).body.toString()).toBe('left to the adapter');
    expect((await get('/_astro/missing.js')).status).toBe(404);
  });
});

describe('ifNoneMatchMatches', () => {
  it('compares weakly, in lists, and matches * ', () => {
    expect(ifNoneMatchMatches('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"a"', 'W/"a"')).toBe(true);
    expect(ifNoneMatchMatches('"x", W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatchMatches('*', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"a', '"a"')).toBe(false);
    expect(ifNoneMatchMatches(null, '"a"')).toBe(false);
    expect(ifNoneMatchMatches('', '"a"')).toBe(false);
  });
});
