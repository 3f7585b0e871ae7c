/**
 * The one public origin of the site. Every absolute URL the product writes (mail links, canonical and
 * hreflang links, JSON-LD, sharing links, Auth.js callbacks, CORS) comes from here, never from the
 * request's Host header: SITE_URL when set (required with DATABASE_URL, i.e. in production), otherwise
 * derived from HOST and PORT for the embedded single-process default.
 *
 * Runs under plain Node too (scripts/serve.mjs): explicit `.ts` imports, erasable TypeScript only.
 */
import { getConfig, type AppConfig } from './config.ts';

/** Addresses a server listens on for everyone; a browser reaches them as localhost. */
const wildcardHosts = new Set(['0.0.0.0', '::', '[::]', '']);

export function publicOrigin(config: AppConfig = getConfig()): URL {
  if (config.SITE_URL) return new URL(new URL(config.SITE_URL).origin);
  const host = wildcardHosts.has(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  return new URL(`http://${host}:${config.PORT}`);
}

/** An absolute URL on the public origin for a site path such as `/job/123?x=1`. */
export function absoluteUrl(path: string, config: AppConfig = getConfig()): string {
  return new URL(path, publicOrigin(config)).href;
}
