/**
 * A crawl of the site as a visitor (and a crawler) finds it (issue 15: "a crawl of the site finds no broken
 * link or image"): from the home page, the job and employer searches and the blog, every link, image,
 * stylesheet and script of the pages reached is requested; none may answer 4xx or 5xx. Redirects are
 * followed when they stay on the site (a protected page sends to sign-in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

/** Pages read and followed; every resource they name is checked whatever the number. */
const maxPages = 220;
const seeds = ['/', '/jobs', '/organizations', '/blog'];

/** The site paths a page names: links, images, stylesheets, icons and scripts (not mail, phone or fragments). */
function pathsIn(html: string, base: string): { links: string[]; resources: string[] } {
  const site = (value: string): string | null => {
    const decoded = value.replaceAll('&amp;', '&');
    if (decoded.startsWith('//') || !(decoded.startsWith('/') || decoded.startsWith(base))) return null;
    const url = new URL(decoded, base);
    return url.origin === new URL(base).origin ? url.pathname + url.search : null;
  };
  const attributes = (pattern: RegExp) =>
    [...html.matchAll(pattern)].flatMap((match) => (match[1] ? [match[1]] : [])).flatMap((value) => site(value) ?? []);
  return {
    links: attributes(/<a\b[^>]*\shref="([^"#]+)/g),
    resources: [
      ...attributes(/<img\b[^>]*\ssrc="([^"]+)"/g),
      ...attributes(/<script\b[^>]*\ssrc="([^"]+)"/g),
      ...attributes(/<link\b[^>]*\shref="([^"]+)"/g),
    ],
  };
}

describe('a crawl of the site', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('finds no broken link, image, stylesheet or script', async () => {
    const seen = new Set<string>(seeds);
    const queue = [...seeds];
    const broken: string[] = [];
    let pages = 0;
    const check = async (path: string, from: string): Promise<Response | null> => {
      let target = path;
      for (let hop = 0; hop < 5; hop++) {
        const response = await fetch(`${server.url}${target}`, { redirect: 'manual' });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          const location = response.headers.get('location');
          if (!location) break;
          const next = new URL(location, `${server.url}${target}`);
          if (next.origin !== server.url) return null;
          target = next.pathname + next.search;
          continue;
        }
        if (response.status >= 400) {
          broken.push(`${path} (${response.status}) on ${from}`);
          await response.body?.cancel();
          return null;
        }
        return response;
      }
      return null;
    };

    const resources = new Map<string, string>();
    while (queue.length > 0 && pages < maxPages) {
      const path = queue.shift()!;
      const response = await check(path, 'the start');
      if (!response) continue;
      if (!/^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
        await response.body?.cancel();
        continue;
      }
      pages++;
      const found = pathsIn(await response.text(), server.url);
      for (const resource of found.resources) if (!resources.has(resource)) resources.set(resource, path);
      for (const link of found.links) {
        // Signing out is a link too; following it would only end a session the crawler does not have.
        if (seen.has(link) || link.startsWith('/user/logout')) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    for (const [resource, from] of resources) {
      const response = await check(resource, from);
      await response?.body?.cancel();
    }

    expect(pages).toBeGreaterThan(50);
    expect(resources.size).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  }, 600_000);
});
