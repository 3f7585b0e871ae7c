import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { firstLink, waitForMailFile } from '../support/mail';
import { uniqueEmail } from '../support/factories';

/** The e2e servers run without SMTP_URL: mails land as .eml files in ./data/mail (MAIL_DIR's default). */
const mailDirectory = 'data/mail';
const origin = (brand: string) => `http://127.0.0.1:${brandServers.find((server) => server.brand === brand)!.port}`;
const password = 'correct-horse-battery';

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('an applicant registers, verifies the address from the mail, signs in, reaches the dashboard and signs out', async ({
  page,
}) => {
  const base = origin('jobregio');
  const email = uniqueEmail('applicant');
  await page.goto(`${base}/de/user/register`);
  await expect(page.locator('form#register_applicant_form')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toContainText('Fast geschafft');
  // The sign-up dispatch parameter is removed from the address.
  await expect(page).toHaveURL(`${base}/de/user/register?registered=1`);

  const mail = await waitForMailFile(mailDirectory, email);
  await page.goto(firstLink(mail));
  await expect(page.locator('#verify-result')).toContainText('Ihre E-Mail-Adresse ist bestätigt.');
  await page.getByRole('link', { name: 'Anmelden' }).last().click();

  await expect(page).toHaveURL(/\/de\/user\/login/);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/de/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(email);
  await expect(page.locator('[data-email-verified="true"]')).toBeVisible();
  await expect(page.locator('[data-signed-in]')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map(({ id }) => id)).toEqual([]);

  await page.locator('[data-sign-out]').click();
  await expect(page).toHaveURL(`${base}/de/`);
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
  // The session is gone: the dashboard asks to sign in again.
  await page.goto(`${base}/de/dashboard`);
  await expect(page).toHaveURL(/\/de\/user\/login\?error=SessionRequired/);
});

test('a recruiter registers and sees the organization, credits and job slots on the dashboard', async ({ page }) => {
  const base = origin('tagblatt');
  const email = uniqueEmail('recruiter');
  await page.goto(`${base}/user/register/recruiter`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByLabel('Anrede').selectOption('ms');
  await page.getByLabel('Vorname').fill('Rita');
  await page.getByLabel('Nachname').fill('Recruiter');
  await page.getByLabel('Name des Unternehmens').fill('Neckar Präzision GmbH');
  await page.getByLabel('Straße und Hausnummer').fill('Neckarhalde 3');
  await page.getByLabel('PLZ').fill('72070');
  await page.getByLabel('Ort', { exact: true }).fill('Tübingen');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();

  await page.goto(`${base}/user/login`);
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.locator('.dashboard-organization')).toHaveText('Neckar Präzision GmbH');
  await expect(page.getByRole('heading', { name: 'Guthaben' })).toBeVisible();
  await expect(page.locator('.dashboard-slots')).toHaveText('Verfügbare Stellenplätze: 0');
  // Signed in, the header shows the user instead of "Anmelden".
  await expect(page.locator('[data-signed-in]')).toContainText('Rita Recruiter');
});

test('a protected page sends a signed-out visitor to sign-in and back after signing in', async ({ browser }) => {
  const base = origin('tagblatt');
  const email = uniqueEmail('returning');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Register through the form (no verification needed to sign in).
  await page.goto(`${base}/user/register/recruiter`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByLabel('Anrede').selectOption('mr');
  await page.getByLabel('Vorname').fill('Max');
  await page.getByLabel('Nachname').fill('Muster');
  await page.getByLabel('Name des Unternehmens').fill('Muster KG');
  await page.getByLabel('Straße und Hausnummer').fill('Marktplatz 1');
  await page.getByLabel('PLZ').fill('72072');
  await page.getByLabel('Ort', { exact: true }).fill('Tübingen');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();

  await page.goto(`${base}/my-products`);
  await expect(page).toHaveURL(`${base}/user/login?error=SessionRequired&callbackUrl=%2Fmy-products`);
  await expect(page.locator('#login-error')).toContainText('Bitte melden Sie sich an');
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/my-products`);
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Produkte' })).toBeVisible();
  // On phones a signed-in visitor gets the bottom menu.
  const bottomMenu = page.getByRole('navigation', { name: 'Schnellzugriff' });
  await expect(bottomMenu).toBeVisible();
  await expect(bottomMenu.getByRole('link', { name: 'Mein Bereich' })).toBeVisible();
  await context.close();
});

test('a wrong password shows the same message as an unknown address', async ({ page }) => {
  const base = origin('suedjobs');
  await page.goto(`${base}/user/login`);
  await signIn(page, uniqueEmail('nobody'));
  await expect(page.locator('#login-error')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
});

for (const path of [
  '/user/login',
  '/user/login?error=CredentialsSignin&code=credentials',
  '/user/register/recruiter',
  '/user/password',
]) {
  test(`tagblatt${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
    await page.goto(`${origin('tagblatt')}${path}`);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test('a registration with errors keeps the values and shows the messages accessibly', async ({ page }) => {
  await page.goto(`${origin('jobregio')}/en-GB/user/register`);
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Please enter a valid e-mail address.');
  await expect(page.getByLabel('E-mail address')).toHaveValue('not-an-address');
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map(({ id }) => id)).toEqual([]);
});

test('signing out in a second tab signs out the first one without a reload by hand', async ({ browser }) => {
  const base = origin('tagblatt');
  const email = uniqueEmail('two-tabs');
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(`${base}/user/register/recruiter`);
  await first.getByLabel('E-Mail-Adresse').fill(email);
  await first.getByLabel('Neues Passwort').fill(password);
  await first.getByLabel('Passwort wiederholen').fill(password);
  await first.getByLabel('Anrede').selectOption('ms');
  await first.getByLabel('Vorname').fill('Tabea');
  await first.getByLabel('Nachname').fill('Tabs');
  await first.getByLabel('Name des Unternehmens').fill('Zwei Fenster GmbH');
  await first.getByLabel('Straße und Hausnummer').fill('Marktplatz 2');
  await first.getByLabel('PLZ').fill('72072');
  await first.getByLabel('Ort', { exact: true }).fill('Tübingen');
  await first.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(first.locator('#registered')).toBeVisible();
  await first.goto(`${base}/user/login`);
  // The session island of the signed-in page reads the session once it has hydrated.
  const sessionRead = first.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
  await signIn(first, email);
  await expect(first).toHaveURL(`${base}/dashboard`);
  await expect(first.locator('[data-signed-in]')).toContainText('Tabea Tabs');
  expect(await (await sessionRead).json()).toMatchObject({ user: { email } });

  const second = await context.newPage();
  await second.goto(`${base}/user/logout`);
  await expect(second).toHaveURL(`${base}/`);
  await expect(second.locator('[data-signed-in]')).toHaveCount(0);

  // The first tab notices: the protected page gives way to sign-in, the header offers "Anmelden" again.
  await expect(first).toHaveURL(/\/user\/login\?error=SessionRequired/, { timeout: 15_000 });
  await expect(first.locator('[data-signed-in]')).toHaveCount(0);
  await expect(first.locator('.site-header').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await context.close();
});

test('anonymous visitors get no session island', async ({ page }) => {
  await page.goto(`${origin('tagblatt')}/user/login`);
  await expect(page.locator('astro-island')).toHaveCount(0);
});
