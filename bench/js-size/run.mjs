// JavaScript shipped by the job search: the sum of the gzip sizes of every script a browser loads for /jobs
// (until the island has hydrated and the network is idle), beside a job page, which must load none, and the
// job form (/job-manager/new, signed in as a new recruiter, until Quill has loaded: budget 200 KB), and on a
// brand with resumes (jobregio) the resume wizard (signed in as a new applicant: budget 80 KB beyond React).
// Prints the figures and the budgets; exits non-zero only when the job page loads JavaScript.
// Usage: npm run build && npx node bench/js-size/run.mjs [--frontend tagblatt|jobregio]
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../support/server.mjs';

const budgetKb = 90;
const formBudgetKb = 200;
const { values } = parseArgs({ options: { frontend: { type: 'string', default: 'tagblatt' } } });
const server = await startBuiltServer({ FRONTEND: values.frontend, DEMO_JOBS: '600', DEMO_ORGANIZATIONS: '60' });
const browser = await chromium.launch(
  existsSync('/usr/bin/chromium')
    ? { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] }
    : {},
);
// German pages on every brand (brands with several languages pick the browser's).
const newContext = () => browser.newContext({ locale: 'de-DE' });
const anonymous = await newContext();
const resumesBudgetKb = 80;

/**
 * Loads a page and returns every script it fetched with its raw and gzip size (inline scripts apart), then
 * what `afterLoad` makes it load. `ready`: a selector to wait for besides the hydrated islands; `context`: a
 * browser context of its own (a signed-in visitor).
 */
async function scriptsOf(path, afterLoad = async () => {}, { ready = null, context = anonymous } = {}) {
  const page = await context.newPage();
  const scripts = [];
  // What `afterLoad` leads to on another page (the job form's success page) is not this page's JavaScript.
  let hasLeft = false;
  page.on('response', async (response) => {
    if (hasLeft || response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      // React itself (react, react-dom and the client renderer of the React integration).
      react: /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|react-dom/.test(body.toString('latin1')),
    });
  });
  await page.goto(server.origin + path, { waitUntil: 'networkidle' });
  await page.waitForSelector('astro-island:not([ssr])', { timeout: 5000 }).catch(() => {});
  if (ready) await page.waitForSelector(ready, { timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  const before = scripts.length;
  const inlineSource = await page.evaluate(() =>
    // eslint-disable-next-line no-undef -- runs in the browser
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent).join('\n'),
  );
  const inline = { raw: Buffer.byteLength(inlineSource), gzip: gzipSync(inlineSource, { level: 9 }).length };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) hasLeft = true;
  });
  await afterLoad(page);
  await page.close();
  return { loaded: scripts.slice(0, before), later: scripts.slice(before), inline };
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);

function printScripts(title, { loaded, inline }) {
  console.log(`\n${title}\nscript                                              raw KB  gzip KB`);
  for (const script of loaded) {
    console.log(`${script.url.slice(0, 50).padEnd(50)}${kb(script.raw)}  ${kb(script.gzip)}`);
  }
  console.log(`${'inline scripts'.padEnd(50)}${kb(inline.raw)}  ${kb(inline.gzip)}`);
}

/**
 * The job form's scripts: a new recruiter registers and signs in (in a context of its own, so the other
 * pages stay anonymous), then the form loads until the editor is ready; a draft save loads the rest.
 */
async function formScripts() {
  const context = await newContext();
  const page = await context.newPage();
  const email = `bench-${Date.now()}@example.test`;
  const password = 'correct-horse-battery';
  await page.goto(`${server.origin}/user/register/recruiter`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByLabel('Anrede').selectOption('ms');
  await page.getByLabel('Vorname').fill('Bea');
  await page.getByLabel('Nachname').fill('Bench');
  await page.getByLabel('Name des Unternehmens').fill('Bench GmbH');
  await page.getByLabel('Straße und Hausnummer').fill('Marktplatz 1');
  await page.getByLabel('PLZ').fill('72070');
  await page.getByLabel('Ort', { exact: true }).fill('Tübingen');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await page.waitForSelector('#registered');
  await page.goto(`${server.origin}/user/login`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.close();
  const form = await scriptsOf(
    '/job-manager/new',
    async (formPage) => {
      await formPage.getByLabel(/^Stellentitel/).fill('Bench job');
      await formPage.getByRole('button', { name: 'Entwurf speichern' }).click();
      await formPage.waitForURL(/\/job\/wizard/);
    },
    { ready: '.ql-editor', context },
  );
  await context.close();
  return form;
}

/** The resume wizard's scripts: a new applicant registers and signs in, then the wizard loads. */
async function wizardScripts() {
  const context = await newContext();
  const page = await context.newPage();
  const email = `bench-cv-${Date.now()}@example.test`;
  const password = 'correct-horse-battery';
  await page.goto(`${server.origin}/de/user/register`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await page.waitForSelector('#registered');
  await page.goto(`${server.origin}/de/user/login`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.close();
  const wizard = await scriptsOf('/de/lebenslauf/wizard', async () => {}, { ready: '.resume-wizard', context });
  await context.close();
  return wizard;
}

try {
  const search = await scriptsOf('/jobs', async (page) => {
    // The GraphQL client for place suggestions is loaded only once the visitor types a place.
    await page.getByRole('combobox', { name: /^(Wo|Where|Où)$/ }).fill('a');
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
  });
  const jobPath = await server.latestJobPath();
  const job = await scriptsOf(jobPath);
  const form = await formScripts();

  console.log(`\nJavaScript shipped, FRONTEND=${values.frontend} (gzip -9 of each script as served)\n`);
  console.log('script                                              raw KB  gzip KB');
  for (const script of search.loaded) {
    console.log(`${script.url.slice(0, 50).padEnd(50)}${kb(script.raw)}  ${kb(script.gzip)}`);
  }
  console.log(
    `${'inline scripts (island loader, shell)'.padEnd(50)}${kb(search.inline.raw)}  ${kb(search.inline.gzip)}`,
  );
  const total = sum(search.loaded, 'gzip') + search.inline.gzip;
  const raw = sum(search.loaded, 'raw') + search.inline.raw;
  console.log(`${'/jobs total (page load and hydration)'.padEnd(50)}${kb(raw)}  ${kb(total)}`);
  console.log(
    `loaded on first place typed: ${search.later.length} script(s), ${kb(sum(search.later, 'gzip')).trim()} KB gzip`,
  );
  console.log(`job page ${jobPath}: ${job.loaded.length} script file(s)`);
  console.log(
    `\n/jobs ships ${(total / 1024).toFixed(1)} KB gzip of JavaScript: ${total / 1024 <= budgetKb ? 'within' : 'OVER'} the ${budgetKb} KB budget`,
  );
  printScripts(`job form /job-manager/new (with Quill)`, form);
  const formTotal = sum(form.loaded, 'gzip') + form.inline.gzip;
  console.log(
    `\n/job-manager/new ships ${(formTotal / 1024).toFixed(1)} KB gzip of JavaScript: ${formTotal / 1024 <= formBudgetKb ? 'within' : 'OVER'} the ${formBudgetKb} KB budget`,
  );
  console.log(
    `loaded on the first save: ${form.later.length} script(s), ${kb(sum(form.later, 'gzip')).trim()} KB gzip (the GraphQL client)`,
  );
  if (values.frontend === 'jobregio') {
    const wizard = await wizardScripts();
    printScripts('resume wizard /de/lebenslauf/wizard', wizard);
    const react = sum(
      wizard.loaded.filter((script) => script.react),
      'gzip',
    );
    const beyond = sum(wizard.loaded, 'gzip') + wizard.inline.gzip - react;
    console.log(
      `\nThe resume wizard ships ${(beyond / 1024).toFixed(1)} KB gzip of JavaScript beyond React (${(react / 1024).toFixed(1)} KB): ${beyond / 1024 <= resumesBudgetKb ? 'within' : 'OVER'} the ${resumesBudgetKb} KB budget`,
    );
  }
  if (job.loaded.length > 0) {
    console.error('A job page must ship no JavaScript.');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
