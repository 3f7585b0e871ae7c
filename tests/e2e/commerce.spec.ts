import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { signInWithGoogle } from '../support/google-sign-in';
import { waitForMailFile } from '../support/mail';

/**
 * Buying credits by order (issue 16): the demo recruiter orders a credit pack on /checkout with the keyboard
 * only, gets the confirmation mail with its PDF, staff confirm the order, and /my-products shows the new
 * balance and the purchase in the credit history. axe on every page of the flow.
 */
const base = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'tagblatt')!.port}`;
const mailDirectory = 'data/mail';
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Signs in through the loopback Google provider (playwright.config.ts) as a demo account without a password. */
/** Presses Tab until the field with this name has the focus (the keyboard user's way through the page). */
async function tabTo(page: Page, name: string, limit = 80) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('name'))) === name) return;
  }
  throw new Error(`Tab never reached the field ${name}`);
}

const jobCredits = (page: Page) => page.locator('#credits-job_credits .dashboard-slots');

test('a recruiter orders a credit pack by keyboard, staff confirm it, balance and history show it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInWithGoogle(page, base, '/my-products', ['recruiter@demo.example', 'Rita', 'Demo']);
  await expectNoAxeViolations(page);
  const before = Number(await jobCredits(page).textContent());

  await page.goto(`${base}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits und Abonnements kaufen' })).toBeVisible();
  // Prices: net, 19 % VAT and total, the currency after the amount (SPEC 9 for this brand).
  const pack = page.locator('label.checkout-product', { hasText: '10 Job-Credits' });
  await expect(pack).toContainText('Netto 99,00\u00a0€');
  await expect(pack).toContainText('USt. 19 % 18,81\u00a0€');
  await expect(pack).toContainText('Gesamt 117,81\u00a0€');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/commerce-checkout.png', fullPage: true });

  // Keyboard only: into the product group, arrow to the pack, then through the billing fields.
  const radios = page.locator('input[name="productId"]');
  const labels = await page.locator('label.checkout-product').allTextContents();
  const target = labels.findIndex((text) => text.includes('10 Job-Credits'));
  expect(target).toBeGreaterThanOrEqual(0);
  await tabTo(page, 'productId');
  for (let step = 0; step < target; step++) await page.keyboard.press('ArrowDown');
  await expect(radios.nth(target)).toBeChecked();
  const billing: [string, string][] = [
    ['quantity', '1'],
    ['companyName', 'Demo GmbH'],
    ['email', 'rechnung@demo.example'],
    ['firstName', 'Rita'],
    ['lastName', 'Demo'],
    ['addressLine1', 'Marktplatz 1'],
    ['addressLine2', ''],
    ['postalCode', '72070'],
    ['locality', 'Tübingen'],
    ['countryCode', 'DE'],
    ['vatNumber', 'DE123456789'],
  ];
  for (const [name, value] of billing) {
    await page.keyboard.press('Tab');
    await expect(page.locator(`#main [name="${name}"]`)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    if (value) await page.keyboard.type(value);
    else await page.keyboard.press('Delete');
  }
  await page.keyboard.press('Tab');
  await expect(page.locator('[name="acceptTerms"]')).toBeFocused();
  // Submitting without the terms: the field error, nothing lost.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#terms-error')).toHaveText('Bitte akzeptieren Sie die AGB.');
  await expect(page.locator('[name="vatNumber"]')).toHaveValue('DE123456789');
  await expect(radios.nth(target)).toBeChecked();
  await expectNoAxeViolations(page);
  await tabTo(page, 'acceptTerms');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\?placed=TA-\d{4}-\d{5}$/);
  const number = new URL(page.url()).searchParams.get('placed')!;
  await expect(page.locator('#order-placed')).toContainText(`Ihre Bestellung ${number} ist eingegangen`);
  await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('Angefragt');
  const mail = await waitForMailFile(mailDirectory, 'rechnung@demo.example');
  expect(mail.subject).toContain(number);
  expect(mail.raw).toContain(`filename=${number}.pdf`);

  // Staff confirm the order (invoice paid); the recruiter's balance and history show the purchase.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInWithGoogle(staff, base, '/checkout/orders', ['admin@demo.example', 'Alex', 'Admin']);
  await expectNoAxeViolations(staff);
  await staff.getByRole('button', { name: `Bestellung ${number} bestätigen` }).click();
  await expect(staff.locator('#order-done')).toContainText(`Bestellung ${number} ist bestätigt`);
  await expect(staff.getByRole('row', { name: new RegExp(number) })).toContainText('Ausgeführt');
  await staff.screenshot({ path: 'test-results/commerce-staff.png', fullPage: true });
  await staffContext.close();

  await page.goto(`${base}/my-products`);
  await expect(jobCredits(page)).toHaveText(String(before + 10));
  await expect(page.locator('table.ledger tbody tr').first()).toContainText('Kauf');
  await expect(page.locator('table.ledger tbody tr').first()).toContainText('+10');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/commerce-my-products.png', fullPage: true });
});

test('the zero-balance card leads to the contact form with the subject chosen; the message and its copy arrive', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithGoogle(page, base, '/my-products', ['recruiter@demo.example', 'Rita', 'Demo']);
  // The demo organization has no resume-contact credits: its card links to the contact form.
  await page.locator('#credits-resume_contacts').getByRole('link', { name: 'Mehr erhalten' }).click();
  await expect(page).toHaveURL(`${base}/contact?subject=credits`);
  await expect(page.getByLabel('Betreff')).toHaveValue('credits');
  await expectNoAxeViolations(page);
  const sender = `kontakt-${Date.now()}@demo.example`;
  await page.getByLabel('Ihr Name').fill('Rita Demo');
  await page.getByLabel('Ihre E-Mail-Adresse').fill(sender);
  await page.getByLabel('Nachricht').fill('Bitte schicken Sie uns ein Angebot für 50 Lebenslauf-Kontakte.');
  await page.getByLabel('Kopie an mich senden').check();
  // An image disguised as a PDF is refused with a field error; the form keeps what was typed.
  const attachments = page.getByLabel(/^Anhänge/);
  await attachments.setInputFiles({ name: 'angebot.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a') });
  // A person takes more than 3 seconds; faster forms are taken for bots.
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.locator('#field-attachments-error')).toHaveText(
    'Anhänge können nur PDF-, JPG-, PNG- oder WebP-Dateien sein.',
  );
  await expect(page.getByLabel('Nachricht')).toHaveValue(/50 Lebenslauf-Kontakte/);
  await expectNoAxeViolations(page);
  await attachments.setInputFiles({
    name: 'Anfrage.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page).toHaveURL(`${base}/dashboard?contact=sent`);
  await expect(page.locator('#contact-sent')).toContainText('Ihre Nachricht wurde gesendet');
  const copy = await waitForMailFile(mailDirectory, sender);
  expect(copy.subject).toContain('Credits für meine Organisation');
  expect(copy.text).toContain('50 Lebenslauf-Kontakte');
  expect(copy.raw).toMatch(/Content-Disposition: attachment;\s+filename=Anfrage\.pdf/);
});

test('an anonymous visitor sends the contact form and lands on the home page with the success alert', async ({
  page,
}) => {
  // The southern brand translates paths: /contact is /kontakt there.
  const south = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'suedjobs')!.port}`;
  await page.goto(`${south}/kontakt`);
  await expectNoAxeViolations(page);
  await page.getByLabel('Ihr Name').fill('Gast');
  await page.getByLabel('Ihre E-Mail-Adresse').fill(`gast-${Date.now()}@example.org`);
  await page.getByLabel('Nachricht').fill('Wie kann ich eine Stellenanzeige aufgeben?');
  await page.waitForTimeout(3_200);
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page).toHaveURL(`${south}/?contact=sent`);
  await expect(page.locator('#contact-sent')).toContainText('Ihre Nachricht wurde gesendet');
});

/** Per subscription card on /my-products: its id and the job slots used and available. */
async function jobSlotUsage(page: Page): Promise<Map<number, { used: number; available: number }>> {
  await page.goto(`${base}/my-products`);
  const usage = new Map<number, { used: number; available: number }>();
  for (const card of await page.locator('li[id^="subscription-"]').all()) {
    const id = Number((await card.getAttribute('id'))!.replace('subscription-', ''));
    const match = /(\d+) genutzt, (\d+) verfügbar/.exec((await card.textContent()) ?? '');
    if (match) usage.set(id, { used: Number(match[1]), available: Number(match[2]) });
  }
  return usage;
}

const total = (usage: Map<number, { used: number; available: number }>, key: 'used' | 'available') =>
  [...usage.values()].reduce((sum, entry) => sum + entry[key], 0);

test('a job slot subscription bought by order pays for a published job; /my-products shows the slot used', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInWithGoogle(page, base, '/checkout', ['recruiter@demo.example', 'Rita', 'Demo']);
  await page.locator('label.checkout-product', { hasText: 'Job-Paket S – 5 Stellenanzeigen' }).click();
  const billing: [string, string][] = [
    ['companyName', 'Demo GmbH'],
    ['email', 'abo@demo.example'],
    ['firstName', 'Rita'],
    ['lastName', 'Demo'],
    ['addressLine1', 'Marktplatz 1'],
    ['postalCode', '72070'],
    ['locality', 'Tübingen'],
    ['countryCode', 'DE'],
  ];
  for (const [name, value] of billing) await page.locator(`#main [name="${name}"]`).fill(value);
  await page.locator('[name="acceptTerms"]').check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/checkout\?placed=TA-\d{4}-\d{5}$/);
  const number = new URL(page.url()).searchParams.get('placed')!;

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInWithGoogle(staff, base, '/checkout/orders', ['admin@demo.example', 'Alex', 'Admin']);
  await staff.getByRole('button', { name: `Bestellung ${number} bestätigen` }).click();
  await expect(staff.locator('#order-done')).toContainText(`Bestellung ${number} ist bestätigt`);
  await staffContext.close();

  // The confirmed order is a running subscription with all 5 slots free.
  const before = await jobSlotUsage(page);
  const newest = Math.max(...before.keys());
  expect(before.get(newest)).toEqual({ used: 0, available: 5 });
  const credits = await jobCredits(page).textContent();

  // The recruiter publishes a job through the site's GraphQL endpoint with the session's token.
  const state = await page.evaluate(async () => {
    const { jwt } = (await (await fetch('/api/auth/session')).json()) as { jwt: string };
    const call = async <TData>(query: string, variables: Record<string, unknown>) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}`, frontend: 'tagblatt;de' },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data: TData }).data;
    };
    const options = await call<{ jobFormOptions: { organizations: { id: number }[] } }>(
      '{ jobFormOptions { organizations { id } } }',
      {},
    );
    const created = await call<{ createJob: { workflowState: string } }>(
      'mutation ($input: JobInput!) { createJob(input: $input, publish: true) { workflowState } }',
      {
        input: {
          jobType: 'job_per_template',
          title: `Abo-Anzeige ${Date.now().toString(36)} (m/w/d)`,
          description: '<p>Satz und Druckvorstufe in Tübingen.</p>',
          organizationId: options.jobFormOptions.organizations[0]!.id,
          locations: [
            {
              latitude: 48.5216,
              longitude: 9.0576,
              locality: 'Tübingen',
              countryCode: 'DE',
              addressLine1: 'Wilhelmstraße 5',
              postalCode: '72074',
            },
          ],
          applicationWorkflow: 'email',
          applicationEmails: ['jobs@demo.example'],
          language: 'de',
        },
      },
    );
    return created.createJob.workflowState;
  });
  expect(['needs_review', 'published']).toContain(state);

  // One slot of a running subscription paid for it (not a credit): the page shows it as used.
  const after = await jobSlotUsage(page);
  expect(total(after, 'used')).toBe(total(before, 'used') + 1);
  expect(total(after, 'available')).toBe(total(before, 'available') - 1);
  await expect(jobCredits(page)).toHaveText(credits!);
  await expectNoAxeViolations(page);
});
