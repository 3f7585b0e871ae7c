/**
 * Compression and HTTP caching of the built server (src/server/http/compression.ts, static-assets.ts):
 * brotli and gzip decode to exactly the bytes sent uncompressed, for a job page, the job search, JSON and a
 * hashed script precompressed at build time, with the right Content-Encoding, Content-Length, Vary, ETag
 * and Cache-Control; HEAD and 304; small bodies stay as they are; logos are revalidated by their tag.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let jobPath: string;
let scriptPath: string;
let logoPath: string;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The response as it travels, not decoded (fetch would decode it). */
async function raw(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const request = httpRequest(`${server.url}${path}`, { method, headers, agent: false });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.end(body);
  const incoming = await response;
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return { status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) };
}

const decode = (response: RawResponse): Buffer => {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    default:
      return response.body;
  }
};

const varies = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .includes('accept-encoding');

beforeAll(async () => {
  server = await startServer();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ latestJobs(limit: 20) { jobs { url organization { logo { url } } } } }' }),
  });
  const { data } = (await response.json()) as {
    data: { latestJobs: { jobs: { url: string; organization: { logo: { url: string } | null } }[] } };
  };
  const { jobs } = data.latestJobs;
  jobPath = new URL(jobs[0]!.url, server.url).pathname;
  // An initials logo (an organization without an uploaded one).
  logoPath = jobs.map((job) => job.organization.logo?.url ?? '').find((url) => url.startsWith('/media/logos/'))!;
  const searchPage = await (await fetch(`${server.url}/jobs`)).text();
  scriptPath = /"(\/_astro\/[^"]+\.js)"/.exec(searchPage)![1]!;
});
afterAll(async () => {
  await server?.stop();
});

describe('compressed responses', () => {
  it.each([
    ['a job page', () => jobPath],
    ['the job search', () => '/jobs'],
    ['a hashed script', () => scriptPath],
  ])('%s: brotli and gzip decode to exactly the uncompressed bytes', async (_name, pathOf) => {
    const path = pathOf();
    const plain = await raw(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(varies(plain)).toBe(true);
    for (const [acceptEncoding, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ] as const) {
      const response = await raw(path, { headers: { 'accept-encoding': acceptEncoding } });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers['content-type']).toBe(plain.headers['content-type']);
      expect(varies(response)).toBe(true);
      expect(response.body.length).toBeLessThan(plain.body.length / 2);
      expect(decode(response).equals(plain.body)).toBe(true);
    }
  });

  it('serves the script precompressed at build time, with its length, a tag per coding and a year of caching', async () => {
    const file = `dist/client${scriptPath}`;
    const tags = new Set<string>();
    for (const [coding, sibling] of [
      ['br', `${file}.br`],
      ['gzip', `${file}.gz`],
      [undefined, file],
    ] as const) {
      const response = await raw(scriptPath, { headers: { 'accept-encoding': coding ?? 'identity' } });
      expect(response.body.equals(readFileSync(sibling))).toBe(true);
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      tags.add(String(response.headers.etag));
    }
    expect(tags.size).toBe(3);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await raw(scriptPath, { headers: { 'accept-encoding': 'br' } });
    const again = await raw(scriptPath, {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(varies(again)).toBe(true);
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    for (const path of ['/jobs', scriptPath]) {
      const get = await raw(path, { headers: { 'accept-encoding': 'br' } });
      const head = await raw(path, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-encoding']).toBe(get.headers['content-encoding']);
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(varies(head)).toBe(true);
    }
  });

  it('compresses large GraphQL answers and sends small ones as they are, with their length', async () => {
    const post = (query: string, acceptEncoding: string) =>
      raw('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
        body: JSON.stringify({ query }),
      });
    const small = await post('{ __typename }', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.body.length));
    expect(JSON.parse(small.body.toString())).toEqual({ data: { __typename: 'Query' } });
    const query = '{ latestJobs(limit: 20) { jobs { id title url } } }';
    const plain = await post(query, 'identity');
    const compressed = await post(query, 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(decode(compressed).equals(plain.body)).toBe(true);
  });
});

describe('logos', () => {
  it('are cached for good at the URL that names their content, the one the API gives', async () => {
    expect(logoPath).toMatch(/[?&]v=[\w-]+/);
    const versioned = await raw(logoPath);
    expect(versioned.status).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const outdated = await raw(logoPath.replace(/([?&]v=)[\w-]+/, '$1old'));
    expect(outdated.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=2592000');
    expect(outdated.body.equals(versioned.body)).toBe(true);
  });

  it('are tagged by their content, cached for a day and revalidated with 304', async () => {
    const first = await raw(logoPath.replace(/[?&]v=[\w-]+/, ''));
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=2592000');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await raw(logoPath.replace(/[?&]v=[\w-]+/, ''), {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const changed = await raw(logoPath.replace(/[?&]v=[\w-]+/, ''), {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(first.body)).toBe(true);
  });
});
