// The quick apply island's JavaScript (issue 14 budget: ≤ 60 KB gzip beyond React): loads a job page of an
// on-site job (which must load no JavaScript), uses its apply button and sums the gzip sizes (-9) of every
// script the apply page loads until the island has hydrated and the network is idle, React's own chunks
// (react, react-dom) apart. Prints the figures; exits non-zero when the job page loads JavaScript or the
// island is over budget.
// Usage: npm run build && node bench/apply-island/run.mjs [-- --frontend tagblatt]
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../support/server.mjs';

const budgetKb = 60;
const { values } = parseArgs({ options: { frontend: { type: 'string', default: 'tagblatt' } } });
const server = await startBuiltServer({ FRONTEND: values.frontend, DEMO_JOBS: '600', DEMO_ORGANIZATIONS: '60' });
const browser = await chromium.launch(
  existsSync('/usr/bin/chromium')
    ? { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] }
    : {},
);

/** React's own code: react-dom's client and React itself carry these markers once minified. */
const isReact = (source) =>
  source.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__') ||
  source.includes('react.dev/errors/') ||
  source.includes('react.transitional.element');

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

try {
  let jobId = null;
  for (let id = 1; id <= 400 && jobId === null; id++) {
    const response = await fetch(`${server.origin}/job/${id}`);
    if (response.ok && (await response.text()).includes('data-apply="on_site"')) jobId = id;
  }
  if (jobId === null) throw new Error('no on-site job in the demo data');
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const source = body.toString('utf8');
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      react: isReact(source),
    });
  });
  await page.goto(`${server.origin}/job/${jobId}`, { waitUntil: 'networkidle' });
  const onJobPage = scripts.length;
  await page.getByRole('link', { name: /Jetzt bewerben|Apply now|Postuler/ }).click();
  await page.waitForSelector('[data-quick-apply]');
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    // eslint-disable-next-line no-undef -- runs in the browser
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent).join('\n'),
  );
  const inlineGzip = gzipSync(inline, { level: 9 }).length;
  console.log(`\nQuick apply, FRONTEND=${values.frontend}, job ${jobId} (gzip -9 of each script as served)\n`);
  console.log(`job page /job/${jobId}: ${onJobPage} script file(s) before the apply button is used`);
  console.log('\napply page script                                  raw KB  gzip KB  React');
  for (const script of scripts) {
    console.log(
      `${script.url.slice(0, 50).padEnd(50)}${kb(script.raw)}  ${kb(script.gzip)}  ${script.react ? 'yes' : ''}`,
    );
  }
  console.log(
    `${'inline scripts (island loader, shell)'.padEnd(50)}${kb(Buffer.byteLength(inline))}  ${kb(inlineGzip)}`,
  );
  const react = scripts.filter((script) => script.react).reduce((total, script) => total + script.gzip, 0);
  const beyond =
    scripts.filter((script) => !script.react).reduce((total, script) => total + script.gzip, 0) + inlineGzip;
  console.log(`\nReact (react, react-dom): ${(react / 1024).toFixed(1)} KB gzip`);
  console.log(
    `quick apply beyond React: ${(beyond / 1024).toFixed(1)} KB gzip: ${beyond / 1024 <= budgetKb ? 'within' : 'OVER'} the ${budgetKb} KB budget`,
  );
  if (onJobPage > 0) {
    console.error('A job page must load no JavaScript before the apply button is used.');
    process.exitCode = 1;
  }
  if (beyond / 1024 > budgetKb) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
