import { expect, test } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';

/**
 * Resume alerts in the browser on jobregio (issue 17 part 5), without JavaScript: a recruiter saves the
 * resume search as an alert, changes its interval on /resume-alert/edit/{id}, finds it on the dashboard and
 * deletes it.
 */
const origin = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'jobregio')!.port}`;
const base = `${origin}/de`;
const password = 'correct-horse-battery';

test('a recruiter saves a resume search as an alert and changes its interval', async ({ browser }) => {
  test.setTimeout(90_000);
  const recruiter = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const email = uniqueEmail('alerter');
  await recruiter.goto(`${base}/user/register/recruiter`);
  await recruiter.getByLabel('E-Mail-Adresse').fill(email);
  await recruiter.getByLabel('Neues Passwort').fill(password);
  await recruiter.getByLabel('Passwort wiederholen').fill(password);
  await recruiter.getByLabel('Anrede').selectOption('ms');
  await recruiter.getByLabel('Vorname').fill('Alma');
  await recruiter.getByLabel('Nachname').fill('Alert');
  await recruiter.getByLabel('Name des Unternehmens').fill(`Alarm GmbH ${Date.now() % 100000}`);
  await recruiter.getByLabel('Straße und Hausnummer').fill('Kaiser-Joseph-Straße 2');
  await recruiter.getByLabel('PLZ').fill('79098');
  await recruiter.getByLabel('Ort', { exact: true }).fill('Freiburg im Breisgau');
  await recruiter.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(recruiter.locator('#registered')).toBeVisible();
  await recruiter.goto(`${base}/user/login?callbackUrl=${encodeURIComponent('/de/bewerbersuche')}`);
  await recruiter.getByLabel('E-Mail-Adresse').fill(email);
  await recruiter.getByLabel('Passwort', { exact: true }).fill(password);
  await recruiter.getByRole('button', { name: 'Anmelden' }).click();
  await expect(recruiter).toHaveURL(`${base}/bewerbersuche`);

  await recruiter.getByLabel(/^Suchbegriff/).fill('Pflege');
  await recruiter.getByLabel('Ort oder Region').fill('Freiburg im Breisgau');
  await recruiter.getByRole('button', { name: 'Suchen' }).click();
  const saveForm = recruiter.locator('form.resume-alert-form');
  await expect(saveForm.getByRole('heading', { name: 'Diese Suche als Alert speichern' })).toBeVisible();
  await saveForm.getByLabel('Wie oft?').selectOption('daily');
  await saveForm.getByRole('button', { name: 'Alert speichern' }).click();

  await expect(recruiter).toHaveURL(/\/de\/resume-alert\/edit\/\d+\?saved=1$/);
  await expect(recruiter.getByText('Ihr Lebenslauf-Alert ist gespeichert.')).toBeVisible();
  await expect(recruiter.getByRole('link', { name: 'Suche: Pflege · Freiburg im Breisgau' })).toHaveAttribute(
    'href',
    /^\/de\/bewerbersuche\?search=Pflege&place=Freiburg/,
  );
  await expect(recruiter.getByLabel('Wie oft?')).toHaveValue('daily');
  await recruiter.getByLabel('Wie oft?').selectOption('monthly');
  await recruiter.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(recruiter).toHaveURL(/\?updated=1$/);
  await expect(recruiter.getByText('Der Alert ist geändert.')).toBeVisible();
  await expect(recruiter.getByLabel('Wie oft?')).toHaveValue('monthly');

  await recruiter.goto(`${base}/dashboard`);
  const list = recruiter.locator('#resume-alerts');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Monatlich');
  await list.getByRole('link', { name: /Bearbeiten/ }).click();
  await recruiter.getByRole('button', { name: 'Alert löschen' }).click();
  await expect(recruiter).toHaveURL(/\/de\/dashboard\?resumeAlertDeleted=1/);
  await expect(recruiter.locator('#resume-alerts')).toContainText('Sie haben noch keine Lebenslauf-Alerts.');
});
