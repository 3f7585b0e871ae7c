/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  // graphql ships both ESM and CJS builds; these conditions keep one copy in tests (DESIGN.md stack notes).
  ssr: { resolve: { conditions: ['module', 'node', 'production'] } },
  test: {
    // pg-boss imports @opentelemetry/api; with the `module` condition above its ESM build is chosen, whose
    // imports lack file extensions: Vite resolves them when it transforms the package itself.
    server: { deps: { inline: ['pg-boss', '@opentelemetry/api'] } },
    projects: [
      {
        extends: true,
        // Some unit tests open an in-memory PGlite or load dictionaries: seconds on a busy machine.
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Builds dist/ once (with secret markers in the environment) for the HTTP tests.
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
