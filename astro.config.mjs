// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// Brand, locale set and secrets are chosen at run time (FRONTEND, AUTH_SECRET, …): nothing here may read
// them, so one build serves every brand and no secret reaches dist/. See docs/decisions/0002.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: 3002, host: true },
  // Locales are routed by our middleware because each brand has its own set (docs/decisions/0001).
  i18n: { locales: ['de', 'en-GB', 'fr'], defaultLocale: 'de', routing: 'manual' },
  security: { checkOrigin: true },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 0 },
  },
});
