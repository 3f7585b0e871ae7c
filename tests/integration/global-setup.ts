import { spawnSync } from 'node:child_process';
import { buildSecrets } from '../support/secrets';

/** Builds the site as production does, with secrets in the environment, so the tests can grep dist/. */
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return;
  const result = spawnSync('npx', ['astro', 'build'], {
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test; a production build needs production (React's jsx runtime differs).
    env: { ...process.env, ...buildSecrets, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed with status ${String(result.status)}`);
}
