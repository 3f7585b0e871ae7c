import type { BackendClient } from '../../lib/backend-client/index.ts';
import { listBlogPosts, type BlogPostList } from './operations.ts';

/** ?page=N of a listing: 1 when absent; null when it is no page number. */
export function pageParam(url: URL): number | null {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  return /^[1-9]\d{0,3}$/.test(value) ? Number(value) : null;
}

/**
 * A page of a blog listing, or null when it does not exist (a page number past the last page, or no page
 * number): the page answers 404 then.
 */
export async function loadBlogList(
  backend: BackendClient,
  url: URL,
  filter: { category?: string; tag?: string } = {},
): Promise<BlogPostList | null> {
  const page = pageParam(url);
  if (page === null) return null;
  const { blogPosts } = await backend.request(listBlogPosts, { page, ...filter });
  if (page > 1 && page > blogPosts.pageCount) return null;
  return blogPosts;
}
