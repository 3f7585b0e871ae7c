import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { brandServers } from '../../playwright.config';
import { uniqueEmail } from '../support/factories';
import { signInWithGoogle } from '../support/google-sign-in';

/**
 * Profile editing in the browser (issue 15 part 3): a recruiter edits sections of their organization's
 * profile (refused input shown per field), uploads a logo and a cover, publishes, and a visitor sees it.
 */
const origin = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'tagblatt')!.port}`;
const password = 'correct-horse-battery';

async function registerRecruiter(page: Page, company: string): Promise<string> {
  const email = uniqueEmail('profile');
  await page.goto(`${origin}/user/register/recruiter`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByLabel('Anrede').selectOption('ms');
  await page.getByLabel('Vorname').fill('Paula');
  await page.getByLabel('Nachname').fill('Profil');
  await page.getByLabel('Name des Unternehmens').fill(company);
  await page.getByLabel('Straße und Hausnummer').fill('Neckarhalde 3');
  await page.getByLabel('PLZ').fill('72070');
  await page.getByLabel('Ort', { exact: true }).fill('Tübingen');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();
  return email;
}

/** Signs in afresh on the way to the profile editor, which opens with the recruiter's organization. */
async function openProfileEditor(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto(`${origin}/dashboard/organization-profile`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard/organization-profile`);
  // The editor is an island: its fields and buttons work once it has hydrated.
  await expect(page.locator('astro-island[component-url*="ProfileEditor"]:not([ssr])')).toHaveCount(1);
}

const picture = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('a recruiter edits the profile, uploads a logo and a cover, publishes, and a visitor sees it', async ({
  page,
  browser,
}) => {
  const company = `Neckar Werkstätten ${Date.now()}`;
  const email = await registerRecruiter(page, company);
  await openProfileEditor(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(company);
  await expect(page.getByRole('heading', { name: 'Das Profil ist noch nicht veröffentlicht' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // A section: refused input is named at its field, then saved.
  const basics = page.locator('form[data-section="basics"]');
  await basics.getByLabel('Alternativer Name').fill('Neckarwerk');
  await basics.getByLabel('Website').fill('neckarwerk');
  await basics.getByRole('button', { name: 'Speichern' }).click();
  await expect(basics.getByText('Bitte geben Sie eine vollständige Webadresse ein (https://…).')).toBeVisible();
  await expect(basics.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  await basics.getByLabel('Website').fill('https://neckarwerk.example');
  await basics.getByRole('button', { name: 'Speichern' }).click();
  await expect(basics.getByRole('status')).toHaveText('Gespeichert.');

  const social = page.locator('form[data-section="socialProfiles"]');
  await social.getByLabel('Facebook').fill('https://example.com/neckarwerk');
  await social.getByRole('button', { name: 'Speichern' }).click();
  await expect(social.getByText('Bitte geben Sie die Adresse eines Facebook-Profils ein.')).toBeVisible();
  await social.getByLabel('Facebook').fill('https://www.facebook.com/neckarwerk');
  await social.getByRole('button', { name: 'Speichern' }).click();
  await expect(social.getByRole('status')).toHaveText('Gespeichert.');

  // The presentation is written in the job description's editor; markup typed as text stays text.
  const presentation = page.locator('form[data-section="presentation"]');
  const editor = presentation.getByRole('textbox', { name: 'Präsentation' });
  await editor.click();
  await page.keyboard.type('Wir reparieren <script>window.hacked = true</script> ');
  await presentation.getByRole('button', { name: 'Fett' }).click();
  await page.keyboard.type('Fahrräder');
  await expect(editor.locator('strong')).toHaveText('Fahrräder');
  await presentation.getByRole('button', { name: 'Speichern' }).click();
  await expect(presentation.getByRole('status')).toHaveText('Gespeichert.');

  const faq = page.locator('form[data-section="faq"]');
  await faq.getByRole('button', { name: 'Hinzufügen' }).click();
  await faq.getByLabel('Frage').fill('Gibt es Werkstattführungen?');
  await faq.getByLabel('Antwort').fill('Jeden ersten Freitag im Monat.');
  await faq.getByRole('button', { name: 'Speichern' }).click();
  await expect(faq.getByRole('status')).toHaveText('Gespeichert.');

  // A further location: without its town it is refused by field; with it, saved.
  const locations = page.locator('form[data-section="locations"]');
  await locations.getByRole('button', { name: 'Hinzufügen' }).click();
  await locations.getByLabel('Bezeichnung des Standorts').fill('Werk Ulm');
  await locations.getByRole('button', { name: 'Speichern' }).click();
  await expect(locations.locator('#org-items-0-address-locality-error')).toHaveText(
    'Bitte füllen Sie dieses Feld aus.',
  );
  await locations.getByLabel('Ort', { exact: true }).fill('Ulm');
  await locations.getByRole('button', { name: 'Speichern' }).click();
  await expect(locations.getByRole('status')).toHaveText('Gespeichert.');

  // Images: an SVG is refused; a logo and a cover are re-encoded into the pages' sizes.
  await page.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
  });
  await expect(page.getByText('Bilder können nur JPG-, PNG- oder WebP-Dateien sein.')).toBeVisible();
  await page.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await picture(600, 300, { r: 20, g: 90, b: 160 }),
  });
  await expect(page.locator('img[data-image="logo"]')).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{32}\.webp/);
  await page.getByLabel('Titelbild (1000 × 500)').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await picture(2400, 1600, { r: 200, g: 120, b: 40 }),
  });
  await expect(page.locator('img[data-image="cover"]')).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{32}\.webp$/);

  // Both uploads are reported where they were made.
  await expect(page.getByText('Bild hochgeladen.')).toHaveCount(2);
  await page.getByRole('button', { name: 'Profil veröffentlichen' }).click();
  await expect(page.getByRole('heading', { name: 'Das Profil ist veröffentlicht.' })).toBeVisible();
  const profilePath = await page.getByRole('link', { name: 'Profil ansehen' }).getAttribute('href');
  expect(profilePath).toMatch(/^\/organization\//);

  // A visitor (no session) sees the published profile with the edits.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const response = await visitorPage.goto(`${origin}${profilePath}`);
  expect(response?.status()).toBe(200);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toContainText(company);
  await expect(visitorPage.locator('main')).toContainText('Neckarwerk');
  await expect(visitorPage.locator('main strong', { hasText: 'Fahrräder' })).toBeVisible();
  await expect(visitorPage.locator('main')).toContainText('Gibt es Werkstattführungen?');
  await expect(visitorPage.locator('main')).toContainText('Werk Ulm');
  expect(await visitorPage.evaluate(() => (window as { hacked?: boolean }).hacked ?? false)).toBe(false);
  await expect(visitorPage.locator('main a[href="https://www.facebook.com/neckarwerk"]')).toHaveCount(1);
  const cover = visitorPage.locator('img.organization__cover');
  await expect(cover).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{32}\.webp$/);
  await expect(cover).toHaveAttribute('width', '1000');
  await expect(cover).toHaveAttribute('height', '500');
  const coverUrl = await cover.getAttribute('src');
  const image = await visitorPage.request.get(`${origin}${coverUrl}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await sharp(await image.body()).metadata()).toMatchObject({ width: 1000, height: 500, format: 'webp' });
  await expect(visitorPage.locator('main img[src^="/media/images/"]').first()).toBeVisible();
  await visitor.close();
});

test('staff take a published profile off the site: visitors get 404, its members still see it with the banner', async ({
  page,
  browser,
}) => {
  const company = `Ammer Druckerei ${Date.now()}`;
  const email = await registerRecruiter(page, company);
  await openProfileEditor(page, email);
  // Members publish; only staff may take a profile back, so the member has no button for it.
  await page.getByRole('button', { name: 'Profil veröffentlichen' }).click();
  await expect(page.getByRole('heading', { name: 'Das Profil ist veröffentlicht.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Veröffentlichung zurücknehmen' })).toHaveCount(0);
  const profilePath = (await page.getByRole('link', { name: 'Profil ansehen' }).getAttribute('href'))!;

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`${origin}${profilePath}`))?.status()).toBe(200);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toContainText(company);

  // A staff member opens the profile, follows its edit link and takes it off the site.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInWithGoogle(staff, origin, profilePath, ['editor@demo.example', 'Erik', 'Redaktion']);
  await staff.getByRole('link', { name: 'Unternehmensprofil bearbeiten' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText(company);
  await expect(staff.locator('astro-island[component-url*="ProfileEditor"]:not([ssr])')).toHaveCount(1);

  // Staff (and owners) put files to download on the page, at once, and take them off again.
  const attachments = staff.locator('section[aria-labelledby="org-attachments"]');
  await attachments.getByLabel('Datei hinzufügen').setInputFiles({
    name: 'Programm.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ not a document'),
  });
  await expect(attachments.locator('.account-field__error')).toContainText('Dateien dieses Typs');
  await attachments.getByLabel('Datei hinzufügen').setInputFiles({
    name: 'Anfahrt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(attachments.getByRole('link', { name: 'Anfahrt.pdf' })).toBeVisible();
  expect((await visitorPage.goto(`${origin}${profilePath}`))?.status()).toBe(200);
  await expect(visitorPage.locator('main')).toContainText('Anfahrt.pdf');
  await attachments.getByRole('button', { name: 'Anfahrt.pdf entfernen' }).click();
  await expect(attachments.getByRole('status')).toHaveText('Datei entfernt.');
  await expect(attachments.getByRole('link', { name: 'Anfahrt.pdf' })).toHaveCount(0);

  await staff.getByRole('button', { name: 'Veröffentlichung zurücknehmen' }).click();
  await expect(staff.getByRole('heading', { name: 'Das Profil ist noch nicht veröffentlicht' })).toBeVisible();
  await staffContext.close();

  // The visitor now finds nothing there; the member still sees the profile, with the banner.
  const gone = await visitorPage.goto(`${origin}${profilePath}`);
  expect(gone?.status()).toBe(404);
  await expect(visitorPage.locator('main')).not.toContainText(company);
  await visitor.close();
  expect((await page.goto(`${origin}${profilePath}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(company);
  await expect(page.locator('main')).toContainText('Dieses Profil ist noch nicht veröffentlicht');
});
