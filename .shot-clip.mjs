// Screenshot of one element of a signed-in page: CLIP selector, after ACTIONS.
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3418';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(process.env.WIDTH ?? 1280), height: 900 } });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
const email = `shot-${Date.now()}@example.test`;
const password = 'correct-horse-battery';
await page.goto(`${base}/user/register/recruiter`);
await page.getByLabel('E-Mail-Adresse').fill(email);
await page.getByLabel('Neues Passwort').fill(password);
await page.getByLabel('Passwort wiederholen').fill(password);
await page.getByLabel('Anrede').selectOption('ms');
await page.getByLabel('Vorname').fill('Sara');
await page.getByLabel('Nachname').fill('Shot');
await page.getByLabel('Name des Unternehmens').fill('Shot GmbH');
await page.getByLabel('Straße und Hausnummer').fill('Marktplatz 1');
await page.getByLabel('PLZ').fill('72070');
await page.getByLabel('Ort', { exact: true }).fill('Tübingen');
await page.getByRole('button', { name: 'Konto anlegen' }).click();
await page.waitForSelector('#registered');
await page.goto(`${base}/user/login`);
await page.getByLabel('E-Mail-Adresse').fill(email);
await page.getByLabel('Passwort', { exact: true }).fill(password);
await page.getByRole('button', { name: 'Anmelden' }).click();
await page.waitForURL(/dashboard/);
await page.goto(base + (process.env.PAGE ?? '/job-manager/new'));
await page.waitForTimeout(2000);
if (process.env.ACTIONS) { const { default: act } = await import(process.env.ACTIONS); await act(page); }
const shots = (process.env.CLIP ?? 'form').split('|');
for (const [index, selector] of shots.entries()) {
  await page.locator(selector).first().screenshot({ path: `/tmp/jf/clip-${index}.png` });
}
await browser.close();
