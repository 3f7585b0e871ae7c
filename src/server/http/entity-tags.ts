/**
 * Entity tags (RFC 9110 section 8.8.3) from content, and the If-None-Match check that turns a request for
 * unchanged content into a 304: one place for both, used by the static files (static-assets.ts) and the
 * logos (src/pages/media/logos), and meant for any response that has a tag.
 *
 * Runs under plain Node too (scripts/serve.mjs): erasable TypeScript only.
 */
import { createHash } from 'node:crypto';

/** A strong tag derived from the bytes: equal content, equal tag, on every server and after restarts. */
export function contentEntityTag(content: string | Uint8Array, suffix = ''): string {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 22);
  return `"${hash}${suffix}"`;
}

/**
 * Whether an If-None-Match header matches `entityTag`, so a GET or HEAD is answered 304: `*`, or one of the
 * listed tags under the weak comparison (a `W/` prefix on either side is ignored, RFC 9110 section 13.1.2).
 */
export function ifNoneMatchMatches(ifNoneMatch: string | null | undefined, entityTag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  const wanted = opaque(entityTag);
  // Tags are quoted strings that may themselves contain commas.
  return [...ifNoneMatch.matchAll(/(?:W\/)?"[^"]*"/g)].some(([tag]) => opaque(tag) === wanted);
}

/** The tag's hash alone, for a URL's version parameter: `?v=<contentVersion>` names exactly this content. */
export function contentVersion(content: string | Uint8Array): string {
  return contentEntityTag(content).slice(1, -1);
}
