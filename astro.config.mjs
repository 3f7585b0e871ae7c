// @ts-check
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { maxUploadRequestBytes } from './src/server/http/body-limits.ts';
import { precompressDirectory } from './src/server/http/precompress.ts';
import { contentSecurityPolicyDirectives } from './src/server/http/security-headers.ts';
import { inlineScripts } from './src/lib/inline-scripts.ts';

/**
 * An inline script's hash as CSP wants it.
 * @param {string} text
 * @returns {`sha256-${string}`}
 */
const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * Source maps for the server bundle only, when SERVER_SOURCEMAPS=1: bench/profile maps CPU profiles of
 * dist/server/chunks back to src/ with them. Never for dist/client, which is public.
 * @type {import('astro').AstroIntegration}
 */
const serverSourceMaps = {
  name: 'server-source-maps',
  hooks: {
    'astro:build:setup': ({ target, updateConfig }) => {
      if (target === 'server' && process.env.SERVER_SOURCEMAPS === '1') updateConfig({ build: { sourcemap: true } });
    },
  },
};

/**
 * Brotli and gzip siblings of the static files once the build is done (src/server/http/precompress.ts);
 * the front door serves them to clients that accept them (src/server/http/static-assets.ts).
 * @type {import('astro').AstroIntegration}
 */
const precompressStaticFiles = (() => {
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: 'precompress-static-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const { files, bytes, brotliBytes, gzipBytes } = await precompressDirectory(fileURLToPath(clientDir));
        const kilobytes = (/** @type {number} */ count) => `${Math.round(count / 1024)} KB`;
        logger.info(
          `${files} static files precompressed: ${kilobytes(bytes)} → ${kilobytes(brotliBytes)} brotli, ${kilobytes(gzipBytes)} gzip`,
        );
      },
    },
  };
})();

/**
 * `client:interaction`: islands that load no JavaScript until they are used (the bookmark toggle of the
 * cached job pages and result teasers, issue 14); see src/lib/client-directives/interaction.ts.
 * @type {import('astro').AstroIntegration}
 */
const clientDirectives = {
  name: 'client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./src/lib/client-directives/interaction.ts', import.meta.url)),
      });
    },
  },
};

// Brand, locale set and secrets are chosen at run time (FRONTEND, AUTH_SECRET, …): nothing here may read
// them, so one build serves every brand and no secret reaches dist/. See docs/decisions/0002.
export default defineConfig({
  output: 'server',
  // The front door (src/server/http/front-door.ts) refuses larger bodies by their Content-Length first;
  // this bounds a body of unknown length (chunked) on the one path that takes uploads.
  adapter: node({ mode: 'standalone', bodySizeLimit: maxUploadRequestBytes }),
  integrations: [react(), clientDirectives, serverSourceMaps, precompressStaticFiles],
  server: { port: 3002, host: true },
  // Locales are routed by our middleware because each brand has its own set (docs/decisions/0001).
  i18n: { locales: ['de', 'en-GB', 'fr'], defaultLocale: 'de', routing: 'manual' },
  security: {
    checkOrigin: true,
    // Every page gets a Content-Security-Policy header: our directives, plus script-src and style-src with
    // the hashes of Astro's inline scripts and styles and of ours (src/lib/inline-scripts.ts), never
    // 'unsafe-inline' for scripts. Style attributes (theme variables, define:vars) stay allowed.
    // docs/decisions/0009.
    csp: {
      algorithm: 'SHA-256',
      directives: [...contentSecurityPolicyDirectives],
      // The GA4 tag is the one third-party script, loaded by the tracking script only after consent (issue 18).
      scriptDirective: {
        hashes: Object.values(inlineScripts).map(sha256),
        resources: ["'self'", 'https://www.googletagmanager.com'],
      },
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // No Markdown pages: Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 0 },
  },
});
