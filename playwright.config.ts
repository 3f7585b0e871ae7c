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

/**
 * The first of the test servers' ports (E2E_PORT_BASE, default 3211): the brands take it and the next two,
 * the OpenID Connect server the base + 8, so two checkouts on one machine can run their browser tests at once.
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3211);

/** One built server per brand; the brand is chosen at run time with FRONTEND. */
export const brandServers = [
  { brand: 'tagblatt', port: portBase },
  { brand: 'jobregio', port: portBase + 1 },
  { brand: 'suedjobs', port: portBase + 2 },
] as const;

/**
 * A loopback OpenID Connect server (tests/support/oidc-server.ts) stands in for Google and LinkedIn on the
 * jobregio and tagblatt servers, so the browser tests walk the whole social sign-in.
 */
const oidcPort = portBase + 8;
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
const socialBrands: readonly string[] = ['jobregio', 'tagblatt'];
const socialClients = (['google', 'linkedin'] as const).map((provider) => ({
  provider,
  clientId: `e2e-${provider}`,
  clientSecret: `e2e-${provider}-secret-0123456789abcdef`,
  redirectUris: brandServers
    .filter(({ brand }) => socialBrands.includes(brand))
    .map(({ port }) => `http://127.0.0.1:${port}/api/auth/callback/${provider}`),
}));
const socialEnv = Object.fromEntries(
  socialClients.flatMap(({ provider, clientId, clientSecret }) => {
    const prefix = provider.toUpperCase();
    return [
      [`${prefix}_CLIENT_ID`, clientId],
      [`${prefix}_CLIENT_SECRET`, clientSecret],
      [`${prefix}_ISSUER`, oidcIssuer],
    ];
  }),
);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: { ...devices['Desktop Chrome'], launchOptions, trace: 'retain-on-failure' },
  webServer: [
    {
      command: 'tsx tests/support/oidc-server.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(oidcPort), OIDC_CLIENTS: JSON.stringify(socialClients) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...brandServers.map(({ brand, port }) => ({
      // A fresh demo database every run, as on a clean checkout: the tests post, reject and approve jobs, and
      // what one run left behind (the moderation queue's first job, say) must not steer the next.
      command: `rm -rf data/e2e/${brand} && node scripts/serve.mjs`,
      url: `http://127.0.0.1:${port}/api/messages/de`,
      // Each server has its own embedded database: PGlite allows one process per data directory.
      env: {
        FRONTEND: brand,
        PORT: String(port),
        HOST: '127.0.0.1',
        PGLITE_DIR: `data/e2e/${brand}/pglite`,
        // Uploads (the demo data's raster pictures among them) are emptied with the database.
        UPLOAD_DIR: `data/e2e/${brand}/uploads`,
        DEMO_JOBS: '600',
        DEMO_ORGANIZATIONS: '60',
        // POST /api/test/job-alert-digests runs the digest task as if later (tests/e2e/bookmarks-and-alerts.spec.ts).
        TEST_HOOKS: '1',
        ...(socialBrands.includes(brand) ? socialEnv : {}),
      },
      reuseExistingServer: false,
      timeout: 180_000,
    })),
  ],
});
