/**
 * The blog's Atom feed (RFC 4287, issue 19): the 20 newest published posts with their sanitised bodies,
 * every link absolute on the public origin.
 */
import type { Brand, Locale } from '../../../brands/types.ts';
import type { BackendClient } from '../../lib/backend-client/index.ts';
import { blogPaths } from '../../lib/blog/blog-schema.ts';
import { localizePath } from '../../lib/routing/resolve-request.ts';
import { escapeXml } from '../../lib/sitemaps.ts';
import { getBlogFeed } from './operations.ts';

export const feedEntries = 20;

export async function blogFeedXml(options: {
  backend: BackendClient;
  brand: Brand;
  locale: Locale;
  origin: string;
  title: string;
}): Promise<string> {
  const { backend, brand, locale, origin } = options;
  const { blogPosts } = await backend.request(getBlogFeed, { first: feedEntries });
  const absolute = (path: string) => new URL(localizePath(path, locale, brand), origin).href;
  const updated = blogPosts.posts.reduce(
    (latest, post) => Math.max(latest, Date.parse(post.updatedAt), post.publishedAt ? Date.parse(post.publishedAt) : 0),
    0,
  );
  const entries = blogPosts.posts.map((post) => {
    const url = absolute(post.url);
    const published = post.publishedAt ?? post.updatedAt;
    const lastChange = Math.max(Date.parse(post.updatedAt), Date.parse(published));
    return [
      '<entry>',
      `<title>${escapeXml(post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `<id>${escapeXml(url)}</id>`,
      `<published>${new Date(published).toISOString()}</published>`,
      `<updated>${new Date(lastChange).toISOString()}</updated>`,
      post.author ? `<author><name>${escapeXml(post.author)}</name></author>` : '',
      post.category
        ? `<category term="${escapeXml(post.category.slug)}" label="${escapeXml(post.category.label)}"/>`
        : '',
      `<summary>${escapeXml(post.excerpt)}</summary>`,
      `<content type="html">${escapeXml(post.bodyHtml)}</content>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(locale)}">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<id>${escapeXml(absolute(blogPaths.index))}</id>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absolute(blogPaths.index))}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(absolute(blogPaths.feed))}"/>`,
    `<updated>${new Date(updated || 0).toISOString()}</updated>`,
    `<author><name>${escapeXml(brand.name)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
