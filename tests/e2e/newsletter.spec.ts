import { expect, test } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { waitForMailFile } from '../support/mail';

/**
 * The newsletter (issue 19), without JavaScript: a visitor signs up in the footer, agrees to the consent
 * text on the newsletter page, confirms with the mail's link and unsubscribes with its other link, never
 * signed in.
 */
const base = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'tagblatt')!.port}`;
const mailDirectory = 'data/mail';

test.use({ javaScriptEnabled: false });

test('a visitor signs up in the footer, confirms by mail and unsubscribes with one click', async ({ page }) => {
  const email = `reader-${Date.now()}@newsletter.example`;
  await page.goto(`${base}/`);
  const footer = page.locator('footer');
  await footer.getByLabel('Ihre E-Mail für den Newsletter').fill(email);
  await footer.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page).toHaveURL(new RegExp(`/newsletter\\?email=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  // Without the consent the sign-up is refused with the field's error.
  await main.getByRole('button', { name: 'Newsletter abonnieren' }).click();
  await expect(page.locator('.account-field__error')).toHaveText(
    'Bitte willigen Sie in den Empfang des Newsletters ein.',
  );
  await main.getByLabel('Ich willige ein, den Newsletter zu erhalten.').check();
  await main.getByRole('button', { name: 'Newsletter abonnieren' }).click();
  await expect(page.locator('#newsletter-result')).toContainText('Bitte bestätigen Sie Ihre Anmeldung');

  const mail = await waitForMailFile(mailDirectory, email);
  expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei Tagblatt Stellenmarkt');
  const [confirmLink, unsubscribeLink] = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  const local = (link: string) => {
    const url = new URL(link);
    return `${base}${url.pathname}${url.search}`;
  };
  await page.goto(local(confirmLink!));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter-Anmeldung bestätigen' })).toBeVisible();
  await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
  await expect(page.locator('#newsletter-result')).toHaveText(`Danke! ${email} erhält ab jetzt unseren Newsletter.`);

  await page.goto(local(unsubscribeLink!));
  await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.locator('#newsletter-result')).toHaveText(`${email} ist vom Newsletter abgemeldet.`);
  // The confirmation link is spent now.
  await page.goto(local(confirmLink!));
  await expect(page.locator('#newsletter-result')).toHaveText('Dieser Link ist nicht (mehr) gültig.');
});

test('a mail client unsubscribes with one click (RFC 8058), without cookies', async ({ page, request }) => {
  const email = `one-click-${Date.now()}@newsletter.example`;
  await page.goto(`${base}/newsletter?email=${encodeURIComponent(email)}`);
  const main = page.getByRole('main');
  await main.getByLabel('Ich willige ein, den Newsletter zu erhalten.').check();
  await main.getByRole('button', { name: 'Newsletter abonnieren' }).click();
  await expect(page.locator('#newsletter-result')).toBeVisible();
  const mail = await waitForMailFile(mailDirectory, email);
  const headers = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const oneClick = new URL(/^List-Unsubscribe:\s*<([^>]+)>/m.exec(headers)![1]!);
  expect(oneClick.pathname).toBe('/api/newsletter/unsubscribe');
  const local = `${base}${oneClick.pathname}${oneClick.search}`;
  const forged = await request.post(`${local.replace(/token=[^&]+/, 'token=1.u.')}${'x'.repeat(43)}`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(forged.status()).toBe(404);
  const unsubscribed = await request.post(local, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status()).toBe(200);
  // The unsubscribe page of the same mail now says it is done.
  const pageLink = new URL(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(mail.text)![0]);
  await page.goto(`${base}${pageLink.pathname}${pageLink.search}`);
  await expect(page.locator('#newsletter-result')).toHaveText(`${email} ist vom Newsletter abgemeldet.`);
});
