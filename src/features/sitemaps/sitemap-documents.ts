/**
 * The sitemap documents (issue 19), read through the sitemap operations: the index names every file of
 * every kind and locale; a file streams its URLs page by page (10,000 a page), never holding the whole list.
 */
import type { Brand, Locale } from '../../../brands/types';
import type { BackendClient } from '../../lib/backend-client';
import { localizePath } from '../../lib/routing/resolve-request';
import {
  hreflangAlternates,
  sitemapIndexXml,
  sitemapKinds,
  sitemapPath,
  urlElement,
  urlsetClosing,
  urlsetOpening,
  urlsPerSitemap,
  type SitemapRequest,
  type SitemapSegment,
} from '../../lib/sitemaps';
import type { OperationData } from '../../lib/backend-client';
import { sitemapEntries, sitemapSections } from './operations';

type SitemapEntriesData = OperationData<typeof sitemapEntries>;

/** URLs read per backend request while streaming a file. */
const entriesPerPage = 10_000;

const segmentOfKind = new Map(
  Object.entries(sitemapKinds).map(([segment, kind]) => [kind, segment as SitemapSegment] as const),
);

const encoder = new TextEncoder();

function streamOf(produce: (write: (text: string) => void) => AsyncGenerator<void>): ReadableStream<Uint8Array> {
  let pending = '';
  const write = (text: string) => {
    pending += text;
  };
  const steps = produce(write);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = await steps.next();
      if (pending !== '') controller.enqueue(encoder.encode(pending));
      pending = '';
      if (step.done) controller.close();
    },
    async cancel() {
      await steps.return(undefined);
    },
  });
}

/** The sitemap index: every file of every kind in every locale of the brand, with its newest lastmod. */
export async function sitemapIndexDocument(
  backend: BackendClient,
  brand: Brand,
  origin: string,
): Promise<ReadableStream<Uint8Array>> {
  const files: { loc: string; lastModified: string | null }[] = [];
  const perLocale = await Promise.all(
    brand.locales.map(async (locale) => ({
      locale,
      sections: (await backend.request(sitemapSections, { locale })).sitemapSections,
    })),
  );
  for (const { locale, sections } of perLocale) {
    for (const section of sections) {
      const segment = segmentOfKind.get(section.kind);
      if (!segment) continue;
      section.chunks.forEach((chunk, index) => {
        files.push({
          loc: new URL(sitemapPath(segment, locale, index + 1, brand), origin).href,
          lastModified: chunk.lastModified,
        });
      });
    }
  }
  const xml = sitemapIndexXml(files);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(xml));
      controller.close();
    },
  });
}

/**
 * One sitemap file, or null when the brand has no such file (a kind without URLs, a page past the last).
 * Each URL is absolute on the public origin, with hreflang alternates and x-default on multilingual brands.
 * The first page is read before the answer starts (it decides 404); the rest as the client reads.
 */
export async function sitemapFileDocument(
  backend: BackendClient,
  brand: Brand,
  origin: string,
  request: Extract<SitemapRequest, { kind: 'list' }>,
): Promise<ReadableStream<Uint8Array> | null> {
  const { locale, page } = request;
  const kind = sitemapKinds[request.segment];
  const read = async (after: number | null, remaining: number): Promise<SitemapEntriesData['sitemapEntries']> =>
    (
      await backend.request(sitemapEntries, {
        kind,
        locale,
        page,
        after,
        first: Math.min(entriesPerPage, remaining),
      })
    ).sitemapEntries;
  const first = await read(null, urlsPerSitemap);
  if (first.scanned === 0) return null;
  // Paths of plain URL characters need no parsing (almost all: slugs); others are encoded by URL.
  const absolute = (path: string, inLocale: Locale) => {
    const localized = localizePath(path, inLocale, brand);
    return /^\/[A-Za-z0-9\-._~/]*$/.test(localized) ? origin + localized : new URL(localized, origin).href;
  };

  return streamOf(async function* (write) {
    write(urlsetOpening);
    let result: SitemapEntriesData['sitemapEntries'] | null = first;
    let remaining = urlsPerSitemap;
    while (result) {
      remaining -= result.scanned;
      // The next page is read while this one is written and sent.
      const next: Promise<SitemapEntriesData['sitemapEntries']> | null =
        result.nextAfter !== null && remaining > 0 ? read(result.nextAfter, remaining) : null;
      for (const entry of result.entries) {
        const byLocale = new Map(entry.alternates.map((alternate) => [alternate.locale, alternate.path]));
        const alternates = hreflangAlternates((other) => byLocale.get(other) ?? null, brand, origin);
        write(urlElement(absolute(entry.path, locale), entry.lastModified, alternates));
      }
      yield;
      result = next ? await next : null;
    }
    write(urlsetClosing);
  });
}
