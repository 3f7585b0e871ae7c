import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ContentVersion } from './content-version.ts';
import {
  answerAnonymousPage,
  answerFromPage,
  isShareable,
  pageOf,
  PageStore,
  validityOf,
  type PageCache,
} from './page-cache.ts';

/** A content version at `revision`, read at `now`, with no time-driven change due unless given. */
function at(revision: string, now = 0, next: Partial<ContentVersion> = {}): ContentVersion {
  const nextChangeAt = next.nextChangeAt ?? Number.POSITIVE_INFINITY;
  const nextPublicationAt = next.nextPublicationAt ?? Number.POSITIVE_INFINITY;
  return { revision, now, nextChangeAt, nextPublicationAt, tag: `${revision}.${nextChangeAt}` };
}
function cacheAt(version: { current: ContentVersion }): PageCache {
  return { store: new PageStore(1024 * 1024), readVersion: () => Promise.resolve(version.current) };
}

const v1 = at('1');
const v2 = at('2');

const html = `<!doctype html><html><body>${'<p>Pflegefachkraft (m/w/d) in Tübingen</p>'.repeat(100)}</body></html>`;

function htmlResponse(body = html, init: ResponseInit = {}): Response {
  return new Response(body, { status: 200, ...init, headers: { 'content-type': 'text/html', ...init.headers } });
}

function request(headers: Record<string, string> = {}, method = 'GET'): Request {
  return new Request('http://localhost/jobs', { method, headers });
}

async function pageOfSize(bytes: number) {
  return pageOf(htmlResponse('x'.repeat(bytes)), new TextEncoder().encode('x'.repeat(bytes)), false);
}

describe('PageStore', () => {
  it('returns a page only at the version it was kept at, and forgets every page on a newer version', async () => {
    const store = new PageStore(1024 * 1024);
    const page = await pageOfSize(100);
    expect(store.get('/a', v1)).toBeUndefined();
    store.set('/a', v1, page);
    store.set('/b', v1, page);
    expect(store.get('/a', v1)).toBe(page);
    expect(store.get('/a', v2)).toBeUndefined();
    expect(store.get('/b', v2)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('does not keep a page rendered at a version older than the one it has seen since', async () => {
    const store = new PageStore(1024 * 1024);
    store.get('/a', v1);
    store.get('/a', v2);
    store.set('/a', v1, await pageOfSize(100));
    expect(store.get('/a', v2)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('stays within its byte bound, evicting the least recently used page first', async () => {
    const store = new PageStore(10_000);
    store.get('/', v1);
    const page = await pageOfSize(500);
    for (const key of ['/1', '/2', '/3']) store.set(key, v1, page);
    store.get('/1', v1); // used: /2 is now the least recently used
    for (let index = 4; index < 40; index++) {
      store.set(`/${index}`, v1, page);
      expect(store.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(store.size).toBe(Math.floor(10_000 / page.bytes));
    expect(store.get('/2', v1)).toBeUndefined();
  });

  it('returns a page until its own validity ends, at the same revision', async () => {
    const store = new PageStore(1024 * 1024);
    const page = await pageOfSize(100);
    store.get('/a', at('1', 0));
    store.set('/a', at('1', 0, { nextChangeAt: 1000 }), page);
    store.set('/b', at('1', 0, { nextChangeAt: 1000 }), page, 5000);
    expect(store.get('/a', at('1', 999))).toBe(page);
    expect(store.get('/a', at('1', 1000))).toBeUndefined();
    expect(store.get('/b', at('1', 4999))).toBe(page);
    expect(store.get('/b', at('1', 5000))).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('does not keep a page larger than a sixteenth of its bound', async () => {
    const store = new PageStore(16_000);
    store.get('/', v1);
    store.set('/big', v1, await pageOfSize(1500));
    expect(store.size).toBe(0);
  });
});

describe('isShareable', () => {
  it('accepts an HTML page, a 404 and a 410', () => {
    expect(isShareable(htmlResponse())).toBe(true);
    expect(isShareable(htmlResponse(html, { status: 404 }))).toBe(true);
    expect(isShareable(htmlResponse(html, { status: 410 }))).toBe(true);
    expect(isShareable(htmlResponse(html, { headers: { vary: 'Accept-Encoding' } }))).toBe(true);
  });

  it('refuses answers that set cookies, are private, vary otherwise, redirect, fail or are not HTML', () => {
    expect(isShareable(htmlResponse(html, { headers: { 'set-cookie': 'a=b' } }))).toBe(false);
    expect(isShareable(htmlResponse(html, { headers: { 'cache-control': 'private, no-store' } }))).toBe(false);
    expect(isShareable(htmlResponse(html, { headers: { vary: 'Accept-Language' } }))).toBe(false);
    expect(isShareable(htmlResponse(html, { status: 302 }))).toBe(false);
    expect(isShareable(htmlResponse(html, { status: 500 }))).toBe(false);
    expect(isShareable(new Response('{}', { headers: { 'content-type': 'application/json' } }))).toBe(false);
  });
});

describe('answerFromPage', () => {
  it('sends the body in the coding the client prefers, each decoding to the same HTML', async () => {
    const page = await pageOf(htmlResponse(), new TextEncoder().encode(html), true);
    const br = answerFromPage(request({ 'accept-encoding': 'gzip, br' }), page, 'hit');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gzip = answerFromPage(request({ 'accept-encoding': 'gzip' }), page, 'hit');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    const identity = answerFromPage(request(), page, 'hit');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(html);
    expect(identity.headers.get('content-length')).toBe(String(new TextEncoder().encode(html).byteLength));
  });

  it('answers 304 without a body when If-None-Match has the tag, in any coding', async () => {
    const page = await pageOf(htmlResponse(), new TextEncoder().encode(html), true);
    const first = answerFromPage(request({ 'accept-encoding': 'br' }), page, 'hit');
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"/);
    const again = answerFromPage(request({ 'accept-encoding': 'gzip', 'if-none-match': tag }), page, 'hit');
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(tag);
    expect(answerFromPage(request({ 'if-none-match': 'W/"other"' }), page, 'hit').status).toBe(200);
  });

  it('sends a HEAD request the headers alone', async () => {
    const page = await pageOf(htmlResponse(), new TextEncoder().encode(html), true);
    const head = answerFromPage(request({ 'accept-encoding': 'br' }, 'HEAD'), page, 'hit');
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });
});

describe('answerAnonymousPage', () => {
  it('renders once per version and serves the kept page in between', async () => {
    const version = { current: v1 };
    const cache = cacheAt(version);
    let renders = 0;
    const render = () => Promise.resolve(htmlResponse(`${html}<!-- ${++renders} -->`));
    const first = await answerAnonymousPage(request(), '/jobs', cache, render);
    const second = await answerAnonymousPage(request(), '/jobs', cache, render);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(await second.text()).toBe(await first.text());
    version.current = v2;
    const third = await answerAnonymousPage(request(), '/jobs', cache, render);
    expect(third.headers.get('x-cache')).toBe('miss');
    expect(await third.text()).toContain('<!-- 2 -->');
  });

  it('renders a page once for concurrent misses and answers them all from that render', async () => {
    const cache = cacheAt({ current: v1 });
    let renders = 0;
    let finish: () => void = () => undefined;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders++;
      await rendered;
      return htmlResponse(`${html}<!-- ${renders} -->`);
    };
    const answers = Promise.all(
      Array.from({ length: 10 }, () => answerAnonymousPage(request(), '/jobs', cache, render)),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    finish();
    const all = await answers;
    expect(renders).toBe(1);
    expect(all.map((answer) => answer.headers.get('x-cache')).sort()).toEqual([
      ...Array<string>(9).fill('hit'),
      'miss',
    ]);
    const bodies = new Set(await Promise.all(all.map((answer) => answer.text())));
    expect([...bodies]).toEqual([`${html}<!-- 1 -->`]);
  });

  it('lets concurrent requests render their own answer when the first render cannot be shared', async () => {
    const cache = cacheAt({ current: v1 });
    let renders = 0;
    const render = async () => {
      const number = ++renders;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return htmlResponse(html, { headers: { 'set-cookie': `csrf=${number}` } });
    };
    const all = await Promise.all(
      Array.from({ length: 3 }, () => answerAnonymousPage(request(), '/user/login', cache, render)),
    );
    expect(renders).toBe(3);
    expect(all.map((answer) => answer.headers.get('set-cookie')).sort()).toEqual(['csrf=1', 'csrf=2', 'csrf=3']);
    expect(cache.store.size).toBe(0);
  });

  it('never keeps an answer that sets a cookie, and passes it on unchanged', async () => {
    const cache = cacheAt({ current: v1 });
    const render = () => Promise.resolve(htmlResponse(html, { headers: { 'set-cookie': 'csrf=1' } }));
    const answer = await answerAnonymousPage(request(), '/user/login', cache, render);
    expect(answer.headers.get('set-cookie')).toBe('csrf=1');
    expect(answer.headers.get('etag')).toBeNull();
    expect(cache.store.size).toBe(0);
  });

  it('tags pages and answers 304 also without a cache', async () => {
    const render = () => Promise.resolve(htmlResponse());
    const first = await answerAnonymousPage(request(), '/jobs', null, render);
    expect(first.headers.get('x-cache')).toBe('pass');
    const tag = first.headers.get('etag') ?? '';
    const again = await answerAnonymousPage(request({ 'if-none-match': tag }), '/jobs', null, render);
    expect(again.status).toBe(304);
  });
});

describe('validityOf', () => {
  const version = at('1', 10_000, { nextChangeAt: 11_000, nextPublicationAt: 50_000 });

  it('is the next time-driven change of any content for a page that names no expiries', () => {
    expect(validityOf(version, undefined)).toBe(11_000);
  });

  it("is the first expiry ahead of the page's own content, or the next publication when that comes first", () => {
    expect(validityOf(version, [9_000, 30_000, 20_000])).toBe(20_000);
    expect(validityOf(version, [9_000, 60_000])).toBe(50_000);
    expect(validityOf(version, [])).toBe(50_000);
  });

  it("keeps a job page through other jobs' expiries and renders it again at its own", async () => {
    const version = { current: at('1', 0, { nextChangeAt: 100, nextPublicationAt: Number.POSITIVE_INFINITY }) };
    const cache = cacheAt(version);
    let renders = 0;
    const render = () => Promise.resolve(htmlResponse(`${html}<!-- ${++renders} -->`));
    const expiries = () => [2_000];
    expect((await answerAnonymousPage(request(), '/job/1', cache, render, expiries)).headers.get('x-cache')).toBe(
      'miss',
    );
    version.current = at('1', 1_000, { nextChangeAt: 1_100 });
    expect((await answerAnonymousPage(request(), '/job/1', cache, render, expiries)).headers.get('x-cache')).toBe(
      'hit',
    );
    version.current = at('1', 2_000, { nextChangeAt: 2_100 });
    const after = await answerAnonymousPage(request(), '/job/1', cache, render, expiries);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).toContain('<!-- 2 -->');
  });
});
