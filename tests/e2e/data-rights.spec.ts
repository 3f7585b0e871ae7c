import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { brandServers } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';
import { firstLink, waitForMailFile } from '../support/mail';

/** The e2e servers run without SMTP_URL: mails land as .eml files in ./data/mail (MAIL_DIR's default). */
const mailDirectory = 'data/mail';
const base = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'jobregio')!.port}`;
const password = 'juniper-lighthouse-casket-58';

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/de/user/login`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('a user arriving from a newsletter registers, downloads all their data and deletes the account', async ({
  page,
}) => {
  const email = uniqueEmail('data-rights');
  // SPEC 4: the creation source is kept in session storage on arrival and sent with the sign-up.
  await page.goto(`${base}/de/?utm_source=e2e_newsletter`);
  await page.goto(`${base}/de/user/register`);
  await expect(page.locator('[data-registration-terms]')).toContainText('Datenschutzerklärung');
  await expect(page.locator('#register_applicant_form input[name="creationSource"]')).toHaveValue('e2e_newsletter');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();
  await page.goto(firstLink(await waitForMailFile(mailDirectory, email)));
  await expect(page.locator('#verify-result')).toContainText('Ihre E-Mail-Adresse ist bestätigt.');
  await signIn(page, email);
  await expect(page).toHaveURL(`${base}/de/dashboard`);

  // GDPR Art. 15 and 20: a ZIP with a JSON document per kind of data.
  await page.goto(`${base}/de/user/account`);
  const downloading = page.waitForEvent('download');
  await page.locator('[data-export-link]').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^jobregio-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(entries)).toEqual(
    expect.arrayContaining(['profile.json', 'consents.json', 'applications.json', 'resume.json', 'bookmarks.json']),
  );
  const profile = JSON.parse(strFromU8(entries['profile.json']!)) as Record<string, unknown>;
  expect(profile).toMatchObject({ email, creationSource: 'e2e_newsletter', hasPassword: true });
  expect(profile).not.toHaveProperty('passwordHash');
  const consents = JSON.parse(strFromU8(entries['consents.json']!)) as Record<string, unknown>[];
  expect(consents).toEqual([
    expect.objectContaining({ mail: email, type: 'terms', placement: 'registration', verifiedAt: expect.any(String) }),
  ]);

  // GDPR Art. 17: a wrong password is refused, the right one deletes the account and signs out.
  const deletion = page.locator('form#delete-account');
  await deletion.getByLabel('Ihr Passwort').fill('not-my-password-12');
  await deletion.getByRole('button', { name: 'Mein Konto endgültig löschen' }).click();
  await expect(page.locator('#deletion-refused')).toHaveText('Das Passwort ist nicht korrekt.');
  await page.locator('form#delete-account').getByLabel('Ihr Passwort').fill(password);
  await page.locator('form#delete-account').getByRole('button', { name: 'Mein Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/de\/user\/login\?accountDeleted=1/);
  await expect(page.getByText('Ihr Konto und Ihre personenbezogenen Daten wurden gelöscht.')).toBeVisible();
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);

  // Nobody can sign in with the address any more, and the account page asks to sign in.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/user\/login\?error=CredentialsSignin/);
  await expect(page.locator('#login-error')).toBeVisible();
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);
  await page.goto(`${base}/de/user/account`);
  await expect(page).toHaveURL(/\/de\/user\/login/);
});
