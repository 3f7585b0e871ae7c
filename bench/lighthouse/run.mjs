// Lighthouse (mobile) on the built site with Debian's Chromium: performance, accessibility, best practices
// and SEO for the home page, the job search, a job page, an organization's profile (the demo employer with
// the fullest profile: on tagblatt the seed's showcase organization, with a raster cover and a gallery of 12
// uploaded-style pictures, issue 15's budget), the blog and a post where the brand has one. Prints the
// scores; never gates CI.
// Usage: npm run bench:lighthouse [-- --frontend tagblatt]
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startBuiltServer } from '../support/server.mjs';

const { values } = parseArgs({ options: { frontend: { type: 'string', default: 'tagblatt' } } });
const server = await startBuiltServer({ FRONTEND: values.frontend, DEMO_JOBS: '1000', DEMO_ORGANIZATIONS: '100' });
const { origin } = server;
const jobPath = await server.latestJobPath();
/** The links on a page whose paths match `pattern`, in their order. */
async function links(path, pattern) {
  const html = await (await fetch(`${origin}${path}`)).text();
  return [...new Set([...html.matchAll(/href="([^"?#]+)"/g)].map((match) => match[1]))].filter((href) =>
    pattern.test(href),
  );
}
const firstLink = async (path, pattern) => (await links(path, pattern))[0];
/** Of the first page of employers, the profile with the most uploaded (raster) pictures; the first one on a tie. */
async function fullestOrganization() {
  let fullest;
  for (const path of await links('/organizations', /^\/(organization|arbeitgeber|employer)\/[^/]+$/)) {
    const html = await (await fetch(`${origin}${path}`)).text();
    const pictures = html.match(/<img [^>]*src="\/media\/images\/[0-9a-f]{32}\.webp"/g)?.length ?? 0;
    if (!fullest || pictures > fullest.pictures) fullest = { path, pictures };
  }
  if (fullest) console.log(`organization: ${fullest.path}, ${fullest.pictures} uploaded pictures on the page`);
  return fullest?.path;
}
const organizationPath = await fullestOrganization();
const postPath = await firstLink('/blog', /^\/blog\/(?!category\/|tag\/|feed)[^/]+$/);
const pages = [
  ['home', '/'],
  ['job search', '/jobs'],
  ['job page', jobPath],
  ...(organizationPath ? [['organization', organizationPath]] : []),
  ...(postPath
    ? [
        ['blog', '/blog'],
        ['blog post', postPath],
      ]
    : []),
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
  chrome.kill();
  await server.stop();
}
