import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brandServers, oidcIssuer } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';
import { registerApplicantInBrowser } from '../support/register-in-browser';
import { firstLink, waitForMailFile, type ReceivedMail } from '../support/mail';

/**
 * Bookmarks and job alerts in the browser (issue 14): a bookmark kept before sign-in is saved to the
 * account; the toggle loads no JavaScript until it is used; an anonymous job alert is confirmed from its
 * mail, receives a digest with exactly the job published since, and is cancelled with one click (RFC
 * 8058); keyboard only; axe without violations.
 */
const mailDirectory = 'data/mail';
const base = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'jobregio')!.port}`;
const password = 'correct-horse-battery';
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
}

/** The newest mail to `to` whose subject matches, polling until it arrives. */
async function mailMatching(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await waitForMailFile(mailDirectory, to, timeoutMs).catch(() => null);
    if (mail && subject.test(mail.subject)) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Registers an applicant and confirms the address; returns it. */
async function registerApplicant(page: Page): Promise<string> {
  const email = uniqueEmail('keeper');
  await registerApplicantInBrowser(page, {
    registerUrl: `${base}/en-GB/user/register`,
    email,
    password,
    locale: 'en-GB',
  });
  await page.goto(firstLink(await waitForMailFile(mailDirectory, email)));
  await expect(page.locator('#verify-result')).toBeVisible();
  return email;
}

test('a job bookmarked before sign-in is offered for saving after it and then kept in the account', async ({
  page,
}) => {
  await page.goto(`${base}/en-GB/jobs`);
  const teaser = page.locator('.job-teaser').first();
  const title = (await teaser.locator('.job-teaser__title a').textContent())!.trim();
  const jobHref = (await teaser.locator('.job-teaser__title a').getAttribute('href'))!;

  // A job page loads no JavaScript file until the toggle is used; the toggle works by keyboard.
  await page.goto('about:blank');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${base}${jobHref}`);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  const toggle = page.locator('.job__bookmark').getByRole('button', { name: 'Save job' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.job__bookmark').getByRole('button', { name: 'Saved' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(scripts.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // The result list shows the kept job as kept (hydrated on idle: this browser keeps bookmarks).
  await page.goto(`${base}/en-GB/jobs`);
  await expect(page.getByRole('button', { name: `Save “${title}”` }).first()).toHaveAttribute('aria-pressed', 'true');

  const email = await registerApplicant(page);
  await page.goto(`${base}/en-GB/user/login?callbackUrl=%2Fen-GB%2Fdashboard`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/en-GB/dashboard`);

  const bookmarks = page.locator('#bookmarks');
  await expect(bookmarks.getByText('You saved 1 jobs in this browser.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await bookmarks.getByRole('button', { name: 'Keep in my account' }).click();
  await expect(bookmarks.getByRole('link', { name: title })).toBeVisible();
  await page.reload();
  await expect(page.locator('#bookmarks').getByRole('link', { name: title })).toBeVisible();
  await expect(page.locator('[data-local-bookmarks]')).toHaveCount(0);

  // Signed in, the job page shows the stored bookmark; removing it there removes it from the dashboard.
  await page.goto(`${base}${jobHref}`);
  const stored = page.locator('.job__bookmark button');
  await expect(stored).toHaveAttribute('aria-pressed', 'true');
  await stored.click();
  await expect(stored).toHaveAttribute('aria-pressed', 'false');
  await page.goto(`${base}/en-GB/dashboard`);
  await expect(page.locator('#bookmarks').getByText('You have not saved any jobs yet.')).toBeVisible();
});

test('an anonymous job alert is confirmed by mail, gets a digest of exactly the new job and unsubscribes with one click', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Staff note a job that waits for review: once approved, it is the one new job of the search below.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${base}/en-GB/user/login?callbackUrl=%2Fen-GB%2Fjob-manager%2Fmoderation`);
  await staff.getByRole('button', { name: /Google/ }).click();
  await expect(staff).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await staff.getByLabel('E-mail address').fill('editor@demo.example');
  await staff.getByLabel('First name').fill('Erik');
  await staff.getByLabel('Last name').fill('Redaktion');
  await staff.getByRole('button', { name: 'Continue' }).click();
  await expect(staff).toHaveURL(`${base}/en-GB/job-manager/moderation`);
  // The last of the queue: the moderation test of another brand takes the first of its own.
  const row = staff.locator('tbody tr').last();
  const jobId = (await row.getAttribute('data-job-id'))!;
  const jobTitle = (await row.locator('th').textContent())!.trim();
  await staff.goto(`${base}/en-GB/job-manager/moderation/${jobId}`);

  // A visitor searches for that title and signs up, keyboard only.
  const visitor = await (await browser.newContext()).newPage();
  const email = uniqueEmail('alert');
  await visitor.goto(`${base}/en-GB/jobs?title=${encodeURIComponent(jobTitle)}`);
  // The dialog's island hydrates when the browser is idle.
  await expect(visitor.locator('astro-island:has(.job-alert)')).not.toHaveAttribute('ssr');
  await visitor.getByRole('button', { name: 'Get these jobs by e-mail' }).focus();
  await visitor.keyboard.press('Enter');
  const dialog = visitor.getByRole('dialog', { name: 'Create a job alert' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('E-mail address')).toBeFocused();
  await expectNoAxeViolations(visitor);
  await visitor.keyboard.press('Tab');
  await visitor.keyboard.press('ArrowDown'); // weekly
  await visitor.keyboard.press('ArrowUp'); // daily again
  await dialog.getByRole('button', { name: 'Create job alert' }).focus();
  await visitor.keyboard.press('Enter');
  await expect(dialog.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await dialog.getByLabel('E-mail address').focus();
  await visitor.keyboard.type(email);
  await visitor.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(`Almost done: please confirm your job alert`);
  await visitor.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const confirmation = await mailMatching(email, /confirm your job alert/);
  const confirmLink = /https?:\/\/\S+\/job-alerts\/confirm\?token=\S+/.exec(confirmation.text)![0];
  await visitor.goto(confirmLink);
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('button', { name: 'Confirm job alert' }).click();
  await expect(visitor.locator('#job-alert-result')).toContainText('is active');

  // The job goes live after the confirmation; a day later the digest lists it and nothing else.
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff).toHaveURL(/done=approved/);
  const run = await request.post(`${base}/api/test/job-alert-digests`, { data: { afterSeconds: 86_400 + 120 } });
  expect(run.ok()).toBe(true);
  const digest = await mailMatching(email, /new job/);
  expect(digest.subject).toMatch(/^1 new job for/);
  expect(digest.text).toContain(`- ${jobTitle}`);
  expect(digest.text.match(/^- /gm)).toHaveLength(1);
  // Each job: "- title", its employer and place, its link.
  const lines = digest.text.split('\n');
  const jobLink = lines[lines.indexOf(`- ${jobTitle}`) + 2]!.trim();
  await visitor.goto(jobLink);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(jobTitle);

  // One click (RFC 8058): the mail client posts to the List-Unsubscribe URL, without cookies or Origin.
  expect(digest.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const oneClick = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(digest.raw)![1]!;
  const unsubscribed = await request.post(oneClick, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status()).toBe(200);
  // The link in the text now says so; a forged token changes nothing.
  const pageLink = /https?:\/\/\S+\/job-alerts\/unsubscribe\?token=\S+/.exec(digest.text)![0];
  await visitor.goto(pageLink);
  await expect(visitor.locator('#job-alert-result')).toContainText('not valid');
  const forged = await request.post(`${oneClick.replace(/token=[^&]+/, 'token=1.u.')}${'x'.repeat(43)}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(forged.status()).toBe(404);
  // No further digest: the alert is gone.
  await request.post(`${base}/api/test/job-alert-digests`, { data: { afterSeconds: 3 * 86_400 } });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await mailMatching(email, /./)).subject).toBe(digest.subject);
});

test('the job alert dialog offers itself after a while on the results, then not again for 10 days', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(`${base}/en-GB/jobs`);
  await expect(page.locator('astro-island:has(.job-alert)')).not.toHaveAttribute('ssr');
  const dialog = page.getByRole('dialog', { name: 'Create a job alert' });
  await expect(page.getByRole('button', { name: 'Get these jobs by e-mail' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.clock.fastForward(21_000);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The dialog's timer starts when the island has hydrated: wait for that before moving the clock.
  const hydrated = () => expect(page.locator('astro-island:has(.job-alert)')).not.toHaveAttribute('ssr');
  await page.reload();
  await hydrated();
  await page.clock.fastForward(21_000);
  await page.clock.fastForward(9 * 86_400_000);
  await expect(dialog).toBeHidden();
  await page.reload();
  await hydrated();
  await page.clock.fastForward(86_400_000 + 21_000);
  await expect(dialog).toBeVisible();
});
