// Lighthouse (mobile) on the built site with Debian's Chromium: performance, accessibility, best practices
// and SEO for the job search and a job page. Prints the scores; never gates CI.
// Usage: npm run bench:lighthouse [-- --frontend tagblatt]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const { values } = parseArgs({ options: { frontend: { type: 'string', default: 'tagblatt' } } });
if (!existsSync('dist/server/entry.mjs')) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  env: {
    ...process.env,
    FRONTEND: values.frontend,
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: join(dataDir, 'pglite'),
    DEMO_JOBS: '1000',
    DEMO_ORGANIZATIONS: '100',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;
for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${origin}/api/messages/de`)).ok) break;
  } catch {
    if (attempt > 600) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const latest = await fetch(`${origin}/graphql`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: '{ latestJobs(limit: 1) { jobs { url } } }' }),
});
const jobPath = (await latest.json()).data.latestJobs.jobs[0].url;
const pages = [
  ['job search', '/jobs'],
  ['job page', jobPath],
];

const chrome = await chromeLauncher.launch({
  chromePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  console.log(`\nLighthouse ${'(mobile)'} FRONTEND=${values.frontend}\n`);
  console.log('page          performance  accessibility  best-practices  seo   LCP ms  TBT ms  CLS');
  for (const [name, path] of pages) {
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const score = (id) => String(Math.round((categories[id]?.score ?? 0) * 100)).padStart(5);
    console.log(
      `${name.padEnd(14)}${score('performance').padStart(11)}${score('accessibility').padStart(15)}` +
        `${score('best-practices').padStart(16)}${score('seo').padStart(5)}` +
        `${String(Math.round(audits['largest-contentful-paint'].numericValue)).padStart(9)}` +
        `${String(Math.round(audits['total-blocking-time'].numericValue)).padStart(8)}` +
        `${audits['cumulative-layout-shift'].numericValue.toFixed(3).padStart(7)}`,
    );
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of categories[id].auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          console.log(`    ${id}: ${audit.id} – ${audit.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
