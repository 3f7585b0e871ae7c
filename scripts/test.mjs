// The whole test suite, as `npm test` runs it: browser set-up, generated GraphQL types, lint, types, unit,
// integration (which builds dist/), then the browser tests against the built server. Stops at the first
// failing step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const systemChromium = '/usr/bin/chromium';

function run(title, command, args, options = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds}s (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

function ensureBrowser() {
  if (existsSync(systemChromium)) return;
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (canApt) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('browser: apt-get update', 'apt-get', ['update', '-qq'], { env });
    run("browser: Debian's Chromium", 'apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  } else {
    run("browser: Playwright's Chromium", 'npx', ['playwright', 'install', 'chromium']);
  }
}

ensureBrowser();
run('generated GraphQL types', 'npx', ['tsx', './scripts/codegen.ts', '--check']);
run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '.']);
run('types', 'npx', ['astro', 'check']);
run('unit and integration tests', 'npx', ['vitest', 'run']);
run('browser tests', 'npx', ['playwright', 'test']);
