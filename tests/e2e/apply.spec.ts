import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';
import { firstLink, parseMail, waitForMailFile, type ReceivedMail } from '../support/mail';

/**
 * Applying in the browser (issue 14): the one apply button per workflow, no JavaScript on the job page
 * until it is used, the quick apply steps with a PDF and the mails that follow (the e2e servers write
 * mails as .eml files to ./data/mail), a link job's tracked redirect, the brand that forces registration
 * (jobregio: sign-up and back to the same step with nothing lost), keyboard only, and axe on every step.
 */
const origin = (brand: string) => `http://127.0.0.1:${brandServers.find((server) => server.brand === brand)!.port}`;
const mailDirectory = 'data/mail';
const password = 'correct-horse-battery';
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const pdf = {
  name: 'Lebenslauf.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
};

/** The id of a published job of the brand whose apply button has this workflow (the demo data has all three). */
async function findJob(request: APIRequestContext, base: string, workflow: string, skip = 0): Promise<number> {
  let seen = 0;
  for (let id = 1; id <= 400; id++) {
    const response = await request.get(`${base}/job/${id}`);
    if (!response.ok()) continue;
    if ((await response.text()).includes(`data-apply="${workflow}"`)) {
      if (seen++ === skip) return id;
    }
  }
  throw new Error(`no ${workflow} job on ${base}`);
}

/** The newest mail in the mail directory whose subject contains `text`. */
async function waitForMailWithSubject(text: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(mailDirectory).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const mail = parseMail(await readFile(join(mailDirectory, name), 'utf8'));
      if (mail.subject.includes(text)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail with "${text}" in ${mailDirectory}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-quick-apply]').withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const step = (page: Page) => page.locator('[data-quick-apply]');

/** Goes through the steps after basic info: answers every question, adds the PDF as CV (and cover letter). */
async function answerAndUpload(page: Page, options: { axe?: boolean } = {}) {
  for (let guard = 0; guard < 4; guard++) {
    const current = await step(page).getAttribute('data-step');
    if (options.axe) await expectNoAxeViolations(page);
    if (current === 'questions') {
      for (const answer of await page.locator('[data-quick-apply] textarea').all()) await answer.fill('Ja, gern.');
      await page.getByRole('button', { name: 'Weiter' }).click();
    } else if (current === 'files') {
      await page.getByLabel(/^Lebenslauf/).setInputFiles(pdf);
      await expect(page.locator('[data-uploaded="cv"]')).toContainText('Lebenslauf.pdf');
      await page.getByLabel(/^Anschreiben/).setInputFiles({ ...pdf, name: 'Anschreiben.pdf' });
      await expect(page.locator('[data-uploaded="cover_letter"]')).toContainText('Anschreiben.pdf');
      await page.getByRole('button', { name: 'Weiter' }).click();
    } else return;
  }
}

async function fillBasicInfo(page: Page, person: { first: string; last: string; email: string }) {
  // The island has hydrated: its button is enabled.
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  await page.getByLabel('Vorname').fill(person.first);
  await page.getByLabel('Nachname').fill(person.last);
  await page.getByLabel('E-Mail-Adresse').fill(person.email);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

test('an anonymous visitor applies on site through all steps with a PDF and gets the confirmation mail', async ({
  page,
}) => {
  const base = origin('tagblatt');
  const jobId = await findJob(page.request, base, 'on_site');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/job/${jobId}`);
  // The job page loads no JavaScript, and its apply button is in the first screen on a phone.
  expect(scripts).toEqual([]);
  const button = page.getByRole('link', { name: 'Jetzt bewerben' });
  await expect(button).toHaveCount(1);
  await expect(button).toBeInViewport();
  await button.click();
  await expect(page).toHaveURL(`${base}/job/apply/${jobId}`);
  await expect(step(page)).toHaveAttribute('data-step', 'basicInfo');
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  expect(scripts.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // Nothing filled in: each field says what is missing.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('Bitte prüfen Sie die markierten Angaben.');
  await expectNoAxeViolations(page);

  const email = uniqueEmail('erika');
  await fillBasicInfo(page, { first: 'Erika', last: 'Onsite', email });
  await answerAndUpload(page, { axe: true });
  await expect(step(page)).toHaveAttribute('data-step', 'review');
  await expect(page.locator('.quick-apply__review')).toContainText(email);
  await expect(page.locator('.quick-apply__review')).toContainText('Lebenslauf.pdf');
  await expectNoAxeViolations(page);
  // A double click sends one application.
  await page.getByRole('button', { name: 'Bewerbung senden' }).dblclick();
  await expect(page.locator('[data-apply-success]')).toContainText(email);
  await expectNoAxeViolations(page);

  const confirmation = await waitForMailFile(mailDirectory, email);
  expect(confirmation.subject).toMatch(/^Ihre Bewerbung: /);
  expect(confirmation.text).toContain('Hallo Erika Onsite');
  // A reload of the apply page starts afresh: the sent draft is gone.
  await page.reload();
  await expect(page.getByLabel('Vorname')).toHaveValue('');
});

test("an e-mail job's application reaches the employer with the PDF attached", async ({ page }) => {
  const base = origin('tagblatt');
  const jobId = await findJob(page.request, base, 'email');
  await page.goto(`${base}/job/${jobId}`);
  await page.getByRole('link', { name: 'Jetzt bewerben' }).click();
  const last = `Mailer${Date.now()}`;
  await fillBasicInfo(page, { first: 'Emil', last, email: uniqueEmail('emil') });
  await answerAndUpload(page);
  await expect(page.getByText('per E-Mail an den Arbeitgeber')).toBeVisible();
  await page.getByRole('button', { name: 'Bewerbung senden' }).click();
  await expect(page.locator('[data-apply-success]')).toBeVisible();
  const employer = await waitForMailWithSubject(`Emil ${last}`);
  expect(employer.subject).toMatch(/^Bewerbung: /);
  expect(employer.raw).toMatch(/Content-Disposition: attachment;\s+filename=Lebenslauf\.pdf/);
  expect(employer.raw).toMatch(/filename=Anschreiben\.pdf/);
});

test("a link job's button leads to the employer's ad and counts the click", async ({ page }) => {
  const base = origin('suedjobs');
  const jobId = await findJob(page.request, base, 'link');
  await page.goto(`${base}/job/${jobId}`);
  const button = page.getByRole('link', { name: 'Jetzt bewerben' });
  await expect(button).toHaveAttribute('href', `/api/apply-link/${jobId}`);
  await expect(button).toHaveAttribute('rel', /noopener/);
  const response = await page.request.get(`${base}/api/apply-link/${jobId}`, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toMatch(/^https?:\/\//);
  // Not a link job: nothing to follow.
  const onSite = await findJob(page.request, base, 'on_site');
  expect((await page.request.get(`${base}/api/apply-link/${onSite}`, { maxRedirects: 0 })).status()).toBe(404);
});

test('on the brand that forces registration, apply leads through sign-up and back to the same step', async ({
  page,
}) => {
  const base = origin('jobregio');
  const jobId = await findJob(page.request, base, 'on_site');
  await page.goto(`${base}/de/job/${jobId}`);
  await page.getByRole('link', { name: 'Jetzt bewerben' }).click();
  const email = uniqueEmail('forced');
  await fillBasicInfo(page, { first: 'Rita', last: 'Register', email });
  await answerAndUpload(page);
  await expect(step(page)).toHaveAttribute('data-step', 'review');
  await expect(page.getByRole('button', { name: 'Bewerbung senden' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Anmelden oder registrieren' }).click();

  await expect(page).toHaveURL(/\/de\/user\/login\?callbackUrl=/);
  await page.getByRole('link', { name: 'Als Bewerber registrieren' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();
  await page.locator('#registered ~ p').getByRole('link', { name: 'Anmelden' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  // Back at the review step, with everything entered before.
  await expect(page).toHaveURL(`${base}/de/job/apply/${jobId}`);
  await expect(step(page)).toHaveAttribute('data-step', 'review');
  await expect(page.locator('.quick-apply__review')).toContainText('Rita');
  await expect(page.locator('.quick-apply__review')).toContainText('Lebenslauf.pdf');
  // Sending needs the confirmed address; confirming it keeps the draft.
  await expect(page.locator('[data-verify-required]')).toBeVisible();
  const verification = await waitForMailFile(mailDirectory, email);
  const verifyPage = await page.context().newPage();
  await verifyPage.goto(firstLink(verification));
  await expect(verifyPage.locator('#verify-result')).toContainText('bestätigt');
  await verifyPage.close();
  await page.getByRole('link', { name: 'Ich habe bestätigt' }).click();
  await expect(step(page)).toHaveAttribute('data-step', 'review');
  await page.getByRole('button', { name: 'Bewerbung senden' }).click();
  await expect(page.locator('[data-apply-success]')).toBeVisible();
  await page.getByRole('link', { name: 'Zu meinen Bewerbungen' }).click();
  await expect(page.locator('[data-my-applications]')).toContainText('Lebenslauf.pdf');
  // Applying again shows when.
  await page.goto(`${base}/de/job/apply/${jobId}`);
  await expect(page.locator('.quick-apply__already')).toContainText('Sie haben sich am');
});

test('applies with the keyboard only', async ({ page }) => {
  const base = origin('tagblatt');
  const jobId = await findJob(page.request, base, 'on_site', 1);
  await page.goto(`${base}/job/apply/${jobId}`);
  await expect(step(page)).toHaveAttribute('data-step', 'basicInfo');
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');
  for (let presses = 0; presses < 40 && (await focusedName()) !== 'firstName'; presses++)
    await page.keyboard.press('Tab');
  expect(await focusedName()).toBe('firstName');
  await page.keyboard.type('Karla');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tastatur');
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueEmail('keys'));
  await page.keyboard.press('Enter');
  for (let guard = 0; guard < 3; guard++) {
    const current = await step(page).getAttribute('data-step');
    if (current === 'questions') {
      for (const answer of await page.locator('[data-quick-apply] textarea').all()) {
        for (let presses = 0; presses < 20; presses++) {
          if (await answer.evaluate((element) => element === document.activeElement)) break;
          await page.keyboard.press('Tab');
        }
        await page.keyboard.type('Ja');
      }
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    } else if (current === 'files') {
      for (let presses = 0; presses < 20 && (await focusedName()) !== 'cvFile'; presses++)
        await page.keyboard.press('Tab');
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      await (await chooser).setFiles(pdf);
      await expect(page.locator('[data-uploaded="cv"]')).toBeVisible();
      for (let presses = 0; presses < 20; presses++) {
        if ((await page.evaluate(() => document.activeElement?.textContent ?? '')) === 'Weiter') break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
    } else break;
  }
  await expect(step(page)).toHaveAttribute('data-step', 'review');
  for (let presses = 0; presses < 30; presses++) {
    if ((await page.evaluate(() => document.activeElement?.textContent ?? '')) === 'Bewerbung senden') break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-apply-success]')).toBeVisible();
  // The success heading takes the focus, so a screen reader announces it.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
});
