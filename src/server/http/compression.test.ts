import fc from 'fast-check';
import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compressResponse,
  contentCodings,
  isCompressibleType,
  negotiateContentCoding,
  weakEntityTag,
} from './compression';

describe('negotiateContentCoding', () => {
  it.each([
    // [Accept-Encoding, chosen coding]
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP, BR', 'br'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0.8, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['*;q=0', null],
    ['identity, gzip;q=0.5', null],
    ['gzip, identity;q=0', 'gzip'],
    ['identity;q=0.2, br;q=0.3', 'br'],
    [' br ; q = 0.7 , gzip ; q=0.6', 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateContentCoding(header)).toBe(expected);
  });

  it('offers only the codings it is given', () => {
    expect(negotiateContentCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateContentCoding('br', ['gzip'])).toBeNull();
    expect(negotiateContentCoding('br, gzip', [])).toBeNull();
  });

  it('never chooses a coding the header refuses or does not name', () => {
    const coding = fc.constantFrom('br', 'gzip', 'deflate', 'zstd', 'identity');
    const entry = fc.record({
      coding,
      q: fc.option(fc.integer({ min: 0, max: 1000 }).map((thousandths) => (thousandths / 1000).toString())),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        const header = entries.map(({ coding, q }) => (q === null ? coding : `${coding};q=${q}`)).join(', ');
        const chosen = negotiateContentCoding(header);
        if (chosen === null) return;
        const named = entries.filter((entry) => entry.coding === chosen);
        expect(named.length).toBeGreaterThan(0);
        expect(Math.max(...named.map((entry) => (entry.q === null ? 1 : Number(entry.q))))).toBeGreaterThan(0);
      }),
    );
  });
});

describe('isCompressibleType', () => {
  it('compresses HTML, JSON, JavaScript, CSS, SVG and XML', () => {
    for (const type of [
      'text/html',
      'text/html; charset=utf-8',
      'application/json',
      'application/graphql-response+json; charset=utf-8',
      'text/javascript',
      'application/javascript',
      'text/css',
      'image/svg+xml',
      'application/xml',
      'application/rss+xml',
      'text/plain',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
  });

  it('leaves event streams, compressed and unknown types alone', () => {
    for (const type of [
      undefined,
      '',
      'text/event-stream',
      'image/png',
      'image/webp',
      'font/woff2',
      'application/zip',
      'application/pdf',
      'application/octet-stream',
    ]) {
      expect(isCompressibleType(type), String(type)).toBe(false);
    }
  });
});

describe('weakEntityTag', () => {
  it('weakens strong tags and keeps weak ones', () => {
    expect(weakEntityTag('"abc"')).toBe('W/"abc"');
    expect(weakEntityTag('W/"abc"')).toBe('W/"abc"');
  });
});

// compressResponse on a real HTTP server: what a client receives.
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer((request, response) => {
    compressResponse(request, response);
    void listener(request, response);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The raw response (no decoding, unlike fetch). */
async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const request = httpRequest(url, { method, headers });
  request.end();
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
}

const decode = (body: Buffer, coding: string | undefined) =>
  coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;

const page = `<!doctype html><html><body>${'<p>Stellenangebot Pflegefachkraft (m/w/d) in Tübingen</p>\n'.repeat(400)}</body></html>`;

describe('compressResponse', () => {
  it('compresses a streamed page in the accepted coding, to exactly the bytes sent', async () => {
    const url = await serve((_request, response) => {
      // As Astro's adapter writes: status and headers at once, then the body in chunks.
      response.writeHead(200, { 'Content-Type': 'text/html', ETag: '"page-1"' });
      for (let at = 0; at < page.length; at += 700) response.write(page.slice(at, at + 700));
      response.end();
    });
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.body.toString()).toBe(page);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers.etag).toBe('"page-1"');
    for (const coding of contentCodings) {
      const response = await get(url, { 'accept-encoding': `gzip;q=0.9, ${coding}` });
      expect(response.headers['content-encoding']).toBe(coding);
      // Held to its end, compressed at once: sent with its length.
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers.etag).toBe('W/"page-1"');
      expect(response.body.length).toBeLessThan(page.length / 10);
      expect(decode(response.body, coding).equals(plain.body)).toBe(true);
    }
  });

  it('sends a body under 1 KB as it is, with its length', async () => {
    const url = await serve((_request, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ data: { ok: true } }));
    });
    const response = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(response.body.toString())).toEqual({ data: { ok: true } });
  });

  it('compresses a large body written at once, and keeps an existing Vary', async () => {
    const json = JSON.stringify({ jobs: Array.from({ length: 500 }, (_, id) => ({ id, title: 'Koch (m/w/d)' })) });
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
      response.setHeader('Vary', 'Origin');
      response.end(json);
    });
    const response = await get(url, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(response.headers.vary).toBe('Origin, Accept-Encoding');
    expect(decode(response.body, 'gzip').toString()).toBe(json);
  });

  it('compresses megabytes written faster than the socket takes them', async () => {
    const big = Buffer.from(Array.from({ length: 200_000 }, (_, index) => `row ${index * 7919}\n`).join(''));
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      for (let at = 0; at < big.length; at += 16_384) response.write(big.subarray(at, at + 16_384));
      response.end();
    });
    const response = await get(url, { 'accept-encoding': 'br' });
    // Past the hold limit it streams: no length known in advance.
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBeUndefined();
    expect(decode(response.body, 'br').equals(big)).toBe(true);
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(page);
    });
    const response = await get(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.body.length).toBe(0);
  });

  it('sends a short chunk whose writer waits for it without waiting for the end', async () => {
    // Astro's adapter does this when a page fails while streaming: write, then destroy in the callback.
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.write('Internal server error', () => response.destroy());
    });
    const request = httpRequest(url, { headers: { 'accept-encoding': 'br' } });
    request.on('error', () => undefined);
    request.end();
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    response.on('error', () => undefined);
    response.resume();
    expect(response.statusCode).toBe(200);
  });

  it('sends an event stream as it is written, without waiting for more', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('data: first\n\n');
      // Ends only once the client has read the first event.
    });
    const request = httpRequest(url, { headers: { 'accept-encoding': 'br' } });
    request.end();
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    const [chunk] = (await once(response, 'data')) as [Buffer];
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(chunk.toString()).toBe('data: first\n\n');
    request.destroy();
  });

  it('leaves 304, event streams, coded and no-transform responses alone', async () => {
    const url = await serve((request, response) => {
      switch (request.url) {
        case '/not-modified':
          response.writeHead(304, { ETag: '"v1"' });
          return response.end();
        case '/events':
          response.writeHead(200, { 'Content-Type': 'text/event-stream' });
          return response.end(`data: ${'x'.repeat(4000)}\n\n`);
        case '/coded':
          response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
          return response.end(Buffer.alloc(2000, 1));
        default:
          response.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-transform' });
          return response.end(page);
      }
    });
    const notModified = await get(`${url}/not-modified`, { 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers.vary).toBe('Accept-Encoding');
    expect(notModified.headers.etag).toBe('W/"v1"');
    const events = await get(`${url}/events`, { 'accept-encoding': 'br' });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.toString()).toMatch(/^data: x+\n\n$/);
    const coded = await get(`${url}/coded`, { 'accept-encoding': 'br' });
    expect(coded.headers['content-encoding']).toBe('gzip');
    expect(coded.body.equals(Buffer.alloc(2000, 1))).toBe(true);
    const noTransform = await get(`${url}/no-transform`, { 'accept-encoding': 'br' });
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.body.toString()).toBe(page);
  });
});
