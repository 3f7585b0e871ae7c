import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';
import { waitForMailFile } from '../support/mail';

/** The e2e servers run without SMTP_URL: mails land as .eml files in ./data/mail (MAIL_DIR's default). */
const mailDirectory = 'data/mail';
const base = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'jobregio')!.port}`;
const password = 'correct-horse-battery';

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map(({ id }) => id)).toEqual([]);
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('the owner invites a recruiter, who registers from the link, joins and works in the organization', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const organization = `Team Rhein ${Date.now()} GmbH`;
  const ownerEmail = uniqueEmail('owner');
  const inviteeEmail = uniqueEmail('invitee');

  // The owner registers their organization and opens its team page from the dashboard.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(`${base}/de/user/register/recruiter`);
  await owner.getByLabel('E-Mail-Adresse').fill(ownerEmail);
  await owner.getByLabel('Neues Passwort').fill(password);
  await owner.getByLabel('Passwort wiederholen').fill(password);
  await owner.getByLabel('Anrede').selectOption('ms');
  await owner.getByLabel('Vorname').fill('Olga');
  await owner.getByLabel('Nachname').fill('Owner');
  await owner.getByLabel('Name des Unternehmens').fill(organization);
  await owner.getByLabel('Straße und Hausnummer').fill('Rheinstraße 1');
  await owner.getByLabel('PLZ').fill('79098');
  await owner.getByLabel('Ort', { exact: true }).fill('Freiburg');
  await owner.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(owner.locator('#registered')).toBeVisible();
  await owner.goto(`${base}/de/user/login`);
  await signIn(owner, ownerEmail);
  await expect(owner.locator('.dashboard-organization')).toHaveText(organization);
  await owner.locator('#team-link').click();
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText(`Team von ${organization}`);
  await expect(owner.locator(`[data-member-email="${ownerEmail}"][data-owner="true"]`)).toBeVisible();

  // A bad address is refused by field; a good one is invited and listed as pending.
  const invite = owner.locator('#team-invite');
  await invite.getByLabel('E-Mail-Adresse').fill('not an address');
  await invite.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(owner.locator('#team-invite .account-field__error')).toBeVisible();
  await owner.locator('#team-invite').getByLabel('E-Mail-Adresse').fill(inviteeEmail);
  await owner.locator('#team-invite').getByRole('button', { name: 'Einladung senden' }).click();
  await expect(owner.locator('#team-result')).toContainText(inviteeEmail);
  await expect(owner.locator(`[data-invitation-email="${inviteeEmail}"]`)).toBeVisible();
  await expectAccessible(owner);

  // The invited recruiter opens the mail's link, registers from it and comes back to it signed in.
  const mail = await waitForMailFile(mailDirectory, inviteeEmail);
  expect(mail.subject).toContain(organization);
  const link = /https?:\/\/\S+\/user\/invitation\?token=\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link!);
  await expect(invitee.getByText(`dem Team von ${organization} beizutreten`)).toBeVisible();
  await expectAccessible(invitee);
  await invitee.getByRole('link', { name: 'Konto erstellen' }).click();
  await invitee.getByLabel('E-Mail-Adresse').fill(inviteeEmail);
  await invitee.getByLabel('Neues Passwort').fill(password);
  await invitee.getByLabel('Passwort wiederholen').fill(password);
  await invitee.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(invitee.locator('#registered')).toBeVisible();
  await invitee.locator('#registered ~ p').getByRole('link', { name: 'Anmelden' }).click();
  await signIn(invitee, inviteeEmail);
  await expect(invitee).toHaveURL(/\/user\/invitation\?token=/);
  await invitee.getByRole('button', { name: `${organization} beitreten` }).click();
  await expect(invitee.locator('#invitation-result')).toContainText(`Willkommen im Team von ${organization}`);

  // The link works once.
  await invitee.goto(link!);
  await expect(invitee.locator('#invitation-result')).toContainText('bereits angenommen');

  // The new member works in the organization and sees the team, but cannot change it.
  await invitee.goto(`${base}/de/dashboard`);
  await expect(invitee.locator('.dashboard-organization')).toHaveText(organization);
  await invitee.locator('#team-link').click();
  await expect(invitee.locator(`[data-member-email="${inviteeEmail}"]`)).toBeVisible();
  await expect(invitee.locator('#team-invite')).toHaveCount(0);
  await expect(invitee.getByRole('button', { name: 'Entfernen' })).toHaveCount(0);

  // As a member, they edit the organization's profile from their dashboard: two sections saved on their own,
  // both on the (still unpublished) profile page, which the team sees with its banner.
  await invitee.goto(`${base}/de/dashboard`);
  await invitee.getByRole('link', { name: 'Unternehmensprofil bearbeiten' }).click();
  await expect(invitee.getByRole('heading', { level: 1 })).toContainText(organization);
  await expect(invitee.getByRole('heading', { name: 'Das Profil ist noch nicht veröffentlicht' })).toBeVisible();
  // The editor is an island: typed into before it has hydrated, a field would be reset.
  await expect(invitee.locator('astro-island[component-url*="ProfileEditor"]:not([ssr])')).toHaveCount(1);
  const basics = invitee.locator('form[data-section="basics"]');
  await basics.getByLabel('Website').fill('https://team-rhein.example');
  await basics.getByRole('button', { name: 'Speichern' }).click();
  await expect(basics.getByRole('status')).toHaveText('Gespeichert.');
  const presentation = invitee.locator('form[data-section="presentation"]');
  await presentation.getByRole('textbox', { name: 'Präsentation' }).click();
  await invitee.keyboard.type('Wir bauen ');
  await presentation.getByRole('button', { name: 'Fett' }).click();
  await invitee.keyboard.type('Brücken über den Rhein');
  await presentation.getByRole('button', { name: 'Speichern' }).click();
  await expect(presentation.getByRole('status')).toHaveText('Gespeichert.');
  await invitee.getByRole('link', { name: 'Profil ansehen' }).click();
  await expect(invitee.getByRole('heading', { level: 1 })).toContainText(organization);
  await expect(invitee.locator('main')).toContainText('Dieses Profil ist noch nicht veröffentlicht');
  await expect(invitee.locator('main strong', { hasText: 'Brücken über den Rhein' })).toBeVisible();
  await expect(invitee.locator('main a[href="https://team-rhein.example"]')).toBeVisible();
  const profileUrl = invitee.url();

  // The owner sees the member's edits on the same page.
  await owner.goto(profileUrl);
  await expect(owner.locator('main strong', { hasText: 'Brücken über den Rhein' })).toBeVisible();
  await owner.goto(`${base}/de/dashboard/team`);

  // The owner sees the new member and hands the organization over to them.
  await owner.reload();
  const memberRow = owner.locator(`[data-member-email="${inviteeEmail}"]`);
  await expect(memberRow).toBeVisible();
  await expect(owner.locator(`[data-invitation-email="${inviteeEmail}"]`)).toHaveCount(0);
  await memberRow.getByRole('button', { name: 'Inhaberschaft übergeben' }).click();
  await expect(owner.locator('#team-result')).toContainText('Die Inhaberschaft wurde übergeben.');
  await expect(owner.locator(`[data-member-email="${inviteeEmail}"][data-owner="true"]`)).toBeVisible();
  await expect(owner.locator('#team-invite')).toHaveCount(0);

  await ownerContext.close();
  await inviteeContext.close();
});
