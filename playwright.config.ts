import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium when installed (no download needed), else Playwright's own browser. */
const systemChromium = '/usr/bin/chromium';
const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    }
  : {};

/** One built server per brand; the brand is chosen at run time with FRONTEND. */
export const brandServers = [
  { brand: 'tagblatt', port: 3211 },
  { brand: 'jobregio', port: 3212 },
  { brand: 'suedjobs', port: 3213 },
] as const;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: { ...devices['Desktop Chrome'], launchOptions, trace: 'retain-on-failure' },
  webServer: brandServers.map(({ brand, port }) => ({
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${port}/api/messages/de`,
    // Each server has its own embedded database: PGlite allows one process per data directory.
    env: {
      FRONTEND: brand,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: `data/e2e/${brand}/pglite`,
      DEMO_JOBS: '600',
      DEMO_ORGANIZATIONS: '60',
    },
    reuseExistingServer: false,
    timeout: 180_000,
  })),
});
