/**
 * The page cache (decision 0015): the pages every anonymous visitor sees alike, kept rendered and
 * compressed per brand process, keyed by locale and URL, valid only at the content version they were
 * rendered at (content-version.ts). Signed-in requests, responses that set cookies, carry
 * `private`/`no-store`, vary on more than Accept-Encoding, or are not HTML are never stored.
 *
 * Every anonymous HTML answer carries a weak entity tag from its content and a Cache-Control for shared
 * caches (src/server/http/cache-control.ts), and a matching If-None-Match gets a 304, with or without the
 * cache.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';
import { anonymousPageCacheControl } from '../http/cache-control.ts';
import {
  compressionThresholdBytes,
  compressWhole,
  negotiateContentCoding,
  weakEntityTag,
  type ContentCoding,
} from '../http/compression.ts';
import { contentEntityTag, ifNoneMatchMatches } from '../http/entity-tags.ts';
import type { ContentVersion, ReadContentVersion } from './content-version.ts';

const brotli = promisify(brotliCompress);

/** A stored answer: its status, headers, tag and body in each coding. */
export interface CachedPage {
  status: number;
  headers: readonly (readonly [string, string])[];
  /** Weak: the codings are the same content in different bytes. */
  entityTag: string;
  /**
   * The body in brotli, which every browser and the big crawlers accept; as it is only when too small to
   * compress. A client that accepts gzip only gets it recoded at the fast setting of pages made on the fly,
   * one that accepts no coding gets it decompressed: so a page costs one compression when it is kept, and the
   * cache holds twice the pages it would hold with a gzip copy beside it.
   */
  bodies: { identity: Uint8Array } | { br: Uint8Array };
  bytes: number;
}

/** The statuses a page is kept with: the page itself, and the answers for content that is not there. */
const storableStatuses: ReadonlySet<number> = new Set([200, 404, 410]);

/** Headers that are the cache's to set on every answer (or that no stored answer may carry). */
const ownHeaders: ReadonlySet<string> = new Set([
  'cache-control',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'transfer-encoding',
  'vary',
  'x-cache',
]);

/** A page larger than this share of the cache is not kept: it would push out too many others. */
const largestShare = 1 / 16;

/**
 * Pages by key at one revision, least recently used first, bounded by bytes (bodies in every coding, plus
 * headers), each valid until its own time-driven change. Seeing a newer revision drops every page at once:
 * none of them is current any more.
 */
export class PageStore {
  readonly #entries = new Map<string, { page: CachedPage; validUntil: number }>();
  #bytes = 0;
  #revision: string | null = null;

  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, version: ContentVersion): CachedPage | undefined {
    if (version.revision !== this.#revision) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#revision = version.revision;
      return undefined;
    }
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (version.now >= entry.validUntil) {
      this.#bytes -= entry.page.bytes;
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.#entries.set(key, entry);
    return entry.page;
  }

  /**
   * Keeps a page rendered at `version` until `validUntil` (database time; by default the next time-driven
   * change of any content), unless the cache has seen a newer revision meanwhile.
   */
  set(key: string, version: ContentVersion, page: CachedPage, validUntil: number = version.nextChangeAt): void {
    if (version.revision !== this.#revision || page.bytes > this.maxBytes * largestShare) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= previous.page.bytes;
    }
    this.#entries.set(key, { page, validUntil });
    this.#bytes += page.bytes;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.page.bytes;
    }
  }
}

/**
 * How long a page stays valid without a write: until the next time-driven change of any content, unless the
 * page named the expiry dates of everything it shows (`contentExpiries`, ms): then until the first of them
 * still ahead, or the next scheduled publication (which may add to what it shows), whichever comes first.
 * A job page so lives until one of its jobs expires, not until any job of a million does.
 */
export function validityOf(version: ContentVersion, contentExpiries: readonly number[] | undefined): number {
  if (contentExpiries === undefined) return version.nextChangeAt;
  let until = version.nextPublicationAt;
  for (const expiry of contentExpiries) if (expiry > version.now && expiry < until) until = expiry;
  return until;
}

export interface PageCache {
  store: PageStore;
  readVersion: ReadContentVersion;
}

/** Whether an answer may be shared by every anonymous visitor (and so tagged, and kept when there is a cache). */
export function isShareable(response: Response): boolean {
  const { headers } = response;
  if (!storableStatuses.has(response.status) || headers.has('set-cookie') || headers.has('content-encoding')) {
    return false;
  }
  if (!/^text\/html\b/i.test(headers.get('content-type') ?? '')) return false;
  if (/\b(private|no-store|no-cache)\b/i.test(headers.get('cache-control') ?? '')) return false;
  const vary = headers.get('vary');
  return vary === null || vary.split(',').every((name) => name.trim().toLowerCase() === 'accept-encoding');
}

/** Brotli at quality 6: close to the strongest setting's size at a small part of its time, off the main thread. */
const brotliParams = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 6,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** A shareable answer as a stored page: its tag, and its body compressed once, in brotli. */
export async function pageOf(response: Response, body: Uint8Array, compress: boolean): Promise<CachedPage> {
  const headers = [...response.headers].filter(([name]) => !ownHeaders.has(name.toLowerCase()));
  let bodies: CachedPage['bodies'] = { identity: body };
  if (compress && body.byteLength >= compressionThresholdBytes) {
    bodies = { br: new Uint8Array(await brotli(body, brotliParams(body.byteLength))) };
  }
  const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const bodyBytes = Object.values(bodies).reduce((sum, part) => sum + part.byteLength, 0);
  return {
    status: response.status,
    headers,
    entityTag: weakEntityTag(contentEntityTag(body)),
    bodies,
    bytes: headerBytes + bodyBytes,
  };
}

/** A stored body in the coding chosen for a request (null: as it is). */
function bodyInCoding(bodies: CachedPage['bodies'], coding: ContentCoding | null): Uint8Array {
  if ('identity' in bodies) return bodies.identity;
  if (coding === 'br') return bodies.br;
  const plain = brotliDecompressSync(bodies.br);
  return coding === 'gzip' ? compressWhole('gzip', plain) : plain;
}

/**
 * The answer to a request from a page: 304 when the request's If-None-Match has its tag, else the body in
 * the best coding the request accepts. `source` goes into X-Cache (hit, miss, or pass when not kept).
 */
export function answerFromPage(request: Request, page: CachedPage, source: 'hit' | 'miss' | 'pass'): Response {
  const headers = new Headers(page.headers as [string, string][]);
  headers.set('ETag', page.entityTag);
  headers.set('Cache-Control', anonymousPageCacheControl);
  headers.set('Vary', 'Accept-Encoding');
  headers.set('X-Cache', source);
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), page.entityTag)) {
    for (const name of ['content-type', 'content-language', 'content-security-policy']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  const { bodies } = page;
  const coding =
    'identity' in bodies ? null : negotiateContentCoding(request.headers.get('accept-encoding') ?? undefined);
  const body = bodyInCoding(bodies, coding);
  if (coding) headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
    status: page.status,
    headers,
  });
}

/** The pages being rendered per store, by version and key: concurrent misses of one page share a render. */
const rendering = new WeakMap<PageStore, Map<string, Promise<CachedPage | null>>>();

/**
 * Answers an anonymous GET or HEAD of a page: from the cache when it holds the page at the current content
 * version, else by rendering it (`render`), keeping the result when it may be shared. GETs of a page that
 * is being rendered at that version wait for that render instead of starting their own (a crawler's burst,
 * or every visitor right after a write emptied the cache, costs one render per page); when it cannot be
 * shared, each renders its own. Without a cache the answer is still tagged (and 304 when the client has it).
 */
export async function answerAnonymousPage(
  request: Request,
  key: string,
  cache: PageCache | null,
  render: () => Promise<Response>,
  /** After the render: the expiry dates of all the page shows (ms), when the page names them. */
  contentExpiries: () => readonly number[] | undefined = () => undefined,
): Promise<Response> {
  const version = cache ? await cache.readVersion() : null;
  const stored = cache && version !== null ? cache.store.get(key, version) : undefined;
  if (stored) return answerFromPage(request, stored, 'hit');
  if (!cache || version === null || request.method !== 'GET') return renderAndTag(request, cache !== null, render);

  let pages = rendering.get(cache.store);
  if (!pages) {
    pages = new Map();
    rendering.set(cache.store, pages);
  }
  const renderKey = `${version.tag} ${key}`;
  const pending = pages.get(renderKey);
  if (pending) {
    const shared = await pending;
    if (shared) return answerFromPage(request, shared, 'hit');
    return renderAndTag(request, true, render);
  }
  let settle: (page: CachedPage | null) => void = () => undefined;
  pages.set(renderKey, new Promise((resolve) => (settle = resolve)));
  let page: CachedPage | null = null;
  try {
    const response = await render();
    if (!isShareable(response)) return response;
    page = await pageOf(response, new Uint8Array(await response.arrayBuffer()), true);
    cache.store.set(key, version, page, validityOf(version, contentExpiries()));
    return answerFromPage(request, page, 'miss');
  } finally {
    pages.delete(renderKey);
    settle(page);
  }
}

/** A rendered answer, tagged when it may be shared (X-Cache: pass); nothing is kept. */
async function renderAndTag(request: Request, compress: boolean, render: () => Promise<Response>): Promise<Response> {
  const response = await render();
  if (request.method !== 'GET' || !isShareable(response)) return response;
  const page = await pageOf(response, new Uint8Array(await response.arrayBuffer()), compress);
  return answerFromPage(request, page, 'pass');
}
