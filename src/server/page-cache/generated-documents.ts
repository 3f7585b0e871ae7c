/**
 * Documents an anonymous visitor or crawler sees alike that are not pages (sitemaps, issue 19): kept in
 * the page cache's store at the content version (decision 0015) when small, streamed when large.
 *
 * - Small (up to `keepBelowBytes`): read whole, compressed once, kept under `key` at the current content
 *   version and answered like a cached page (content tag, 304, X-Cache hit/miss).
 * - Large: streamed as it is produced (the front door compresses it on the way), tagged with the content
 *   version, so a crawler revalidating an unchanged sitemap gets a 304 without a database read beyond the
 *   version's.
 */
import { anonymousPageCacheControl } from '../http/cache-control.ts';
import { contentEntityTag, ifNoneMatchMatches } from '../http/entity-tags.ts';
import { answerFromPage, pageOf, type PageCache } from './page-cache.ts';

/** What a document's producer answers: its stream, or null when there is no such document (404). */
export type DocumentSource = () => Promise<ReadableStream<Uint8Array> | null>;

export async function answerGeneratedDocument(
  request: Request,
  options: { key: string; contentType: string; keepBelowBytes: number; cache: PageCache | null },
  produce: DocumentSource,
): Promise<Response | null> {
  const { key, contentType, keepBelowBytes, cache } = options;
  const version = cache ? await cache.readVersion() : null;
  const stored = cache && version !== null ? cache.store.get(key, version) : undefined;
  if (stored) return answerFromPage(request, stored, 'hit');
  const versionTag = version === null ? null : `W/${contentEntityTag(`${key} ${version.tag}`)}`;
  const baseHeaders = (): Headers =>
    new Headers({ 'Content-Type': contentType, 'Cache-Control': anonymousPageCacheControl, Vary: 'Accept-Encoding' });
  if (versionTag && ifNoneMatchMatches(request.headers.get('if-none-match'), versionTag)) {
    const headers = baseHeaders();
    headers.delete('Content-Type');
    headers.set('ETag', versionTag);
    return new Response(null, { status: 304, headers });
  }

  const stream = await produce();
  if (!stream) return null;
  const reader = stream.getReader();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes <= keepBelowBytes) {
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      break;
    }
    head.push(chunk.value);
    headBytes += chunk.value.byteLength;
  }

  if (done) {
    const body = Buffer.concat(head);
    const page = await pageOf(
      new Response(null, { status: 200, headers: { 'Content-Type': contentType } }),
      body,
      true,
    );
    if (cache && version !== null) cache.store.set(key, version, page);
    return answerFromPage(request, page, cache ? 'miss' : 'pass');
  }

  const headers = baseHeaders();
  if (versionTag) headers.set('ETag', versionTag);
  headers.set('X-Cache', 'pass');
  if (request.method === 'HEAD') {
    await reader.cancel();
    return new Response(null, { status: 200, headers });
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const chunk = await reader.read();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: 200, headers });
}
