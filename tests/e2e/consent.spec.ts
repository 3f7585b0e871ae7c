import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { appConfig } from '../../src/server/db/schema/content';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { createUser, type TestUser } from '../support/factories';
import { reservePort, startServer, type RunningServer } from '../support/server';

/**
 * GDPR consent and tracking in the browser (issue 18), on a server of its own (the southern brand, with the
 * preference button and the measurement relay) whose relay target is a loopback server of this spec, so
 * the other specs' servers keep measuring nothing: no tracking request before consent, page views and
 * events with category, key and filtered params after it, withdrawal reloads and stops tracking; the GDPR
 * modal for a signed-in user with outdated consent, its validation and success flag; axe on both.
 */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const password = 'correct-horse-battery';

interface Relayed {
  name: string;
  params: Record<string, unknown>;
}

let database: TestDatabase;
let server: RunningServer;
let relayTarget: Server;
const relayed: Relayed[] = [];
let outdated: TestUser;
let other: TestUser;
let base: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  relayTarget = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events: Relayed[] };
      relayed.push(...body.events);
      response.writeHead(204).end();
    });
  });
  relayTarget.listen(0, '127.0.0.1');
  await once(relayTarget, 'listening');
  const address = relayTarget.address();
  if (address === null || typeof address === 'string') throw new Error('no port');

  database = await createTestDatabase('postgres');
  const { db } = database.handle;
  outdated = await createUser(db, { roles: ['applicant'], password, firstName: 'Olga' });
  other = await createUser(db, { roles: ['applicant'], password });
  const [info] = await db.insert(consentInfos).values({ type: 'terms', placement: 'modal', optIn: true }).returning();
  const [first] = await db
    .insert(consentInfoRevisions)
    .values([
      { infoId: info!.id, revision: 1, language: 'de', text: '<p>Nutzungsbedingungen, Fassung 1</p>' },
      {
        infoId: info!.id,
        revision: 2,
        language: 'de',
        text: '<p>Nutzungsbedingungen, Fassung 2: Ihre Daten werden nur für Ihre Bewerbungen verwendet.</p>',
      },
    ])
    .returning();
  await db.insert(consentRecords).values(
    [outdated, other].map((user) => ({
      mail: user.email,
      infoId: info!.id,
      infoRevisionId: first!.id,
      userId: user.id,
      verifiedAt: new Date(),
    })),
  );
  await db.insert(appConfig).values([
    { name: 'creation_source', key: 'query_parameter', value: 'utm_source' },
    { name: 'creation_source', key: 'storage', value: 'session' },
  ]);
  const port = await reservePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer({
    PORT: String(port),
    FRONTEND: 'suedjobs',
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'consent-e2e-secret-0123456789abcdef',
    SITE_URL: base,
    GA4_MEASUREMENT_PROTOCOL_URL: `http://127.0.0.1:${address.port}/mp/collect?measurement_id=G-E2E12345&api_secret=x`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  relayTarget?.close();
});

/** Every request the page makes that could carry measurement or leave the site. */
function watchTracking(page: Page) {
  const measured: { event: string; params: Record<string, unknown> }[] = [];
  const offSite: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== base) offSite.push(url.href);
    if (url.pathname === '/api/gmapi') {
      measured.push(request.postDataJSON() as { event: string; params: Record<string, unknown> });
    }
  });
  return { measured, offSite };
}

async function expectNoAxeViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('no tracking before consent; page views and events after it; withdrawal reloads and stops it', async ({
  page,
}) => {
  const { measured, offSite } = watchTracking(page);
  await page.goto(`${base}/?utm_source=newsletter`);
  const banner = page.locator('[data-cookie-banner]');
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page, '[data-cookie-banner]');
  // Well past the page-view delay: nothing measured without consent.
  await page.waitForTimeout(1_800);
  expect(measured).toEqual([]);

  await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => measured.map((event) => event.event)).toEqual(['ss_page_view']);
  expect(measured[0]?.params).toMatchObject({ page_category: 'frontpage', user_role: 'anonymous', entity_id: -1 });

  await page.goto(`${base}/jobs?search=Pflege&utm_source=other`);
  // SPEC 4: the first utm_source of the visit is kept, once.
  expect(await page.evaluate(() => sessionStorage.getItem('utm_source'))).toBe('newsletter');
  await expect
    .poll(() => measured.map((event) => event.event))
    .toEqual(['ss_page_view', 'ss_page_view', 'ss_job_search']);
  expect(measured[2]?.params).toMatchObject({ page_category: 'job search', search_query: 'Pflege' });
  // Captured at the relay target (the relays run side by side, so in any order): 'ss_' + key, the category,
  // no field named after a user.
  await expect
    .poll(() => relayed.map((event) => event.name).sort())
    .toEqual(['ss_job_search', 'ss_page_view', 'ss_page_view']);
  const searchView = relayed.find(
    (event) => event.name === 'ss_page_view' && event.params.page_category === 'job search',
  );
  expect(searchView?.params).toMatchObject({ server: 1, value: 1, frontend: 'suedjobs' });
  for (const event of relayed) {
    expect(Object.keys(event.params).filter((name) => /user|session|owner|referrer/.test(name))).toEqual([]);
  }
  expect(relayed.find((event) => event.name === 'ss_job_search')?.params.entity_id).toBe(-1);

  // Withdrawal is as easy as consent: the preference button, "only necessary", and the page reloads.
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect(banner).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Nur notwendige' }).click();
  await reloaded;
  const count = measured.length;
  await page.waitForTimeout(1_800);
  await page.goto(`${base}/`);
  await page.waitForTimeout(1_800);
  expect(measured.length).toBe(count);
  await expect(banner).toBeHidden();
  expect(offSite).toEqual([]);
});

async function signIn(page: Page, user: TestUser) {
  await page.goto(`${base}/user/login`);
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
}

test('the GDPR modal asks a user with outdated consent, validates the checkbox and saves', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tracking-consent', '{"statistics":false,"marketing":false}'));
  await signIn(page, outdated);
  await page.goto(`${base}/jobs`);
  const dialog = page.getByRole('dialog', { name: 'Aktualisierte Datenschutzbestimmungen' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Fassung 2');
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(550);
  await expectNoAxeViolations(page, 'dialog');

  const confirm = dialog.getByRole('button', { name: 'Bestätigen' });
  const checkbox = dialog.getByLabel('Ich stimme den aktuellen Bedingungen zu.');
  await expect(confirm).toBeDisabled();
  await checkbox.check();
  await checkbox.uncheck();
  await expect(dialog.getByText('Bitte akzeptieren Sie die Nutzungsbedingungen.')).toBeVisible();
  await expect(confirm).toBeDisabled();
  // Focus stays in the modal dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  }
  await checkbox.check();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Ihre Zustimmung zu den aktuellen DSGVO-Änderungen wurde gespeichert.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.locator('dialog[data-gdpr-modal]')).toHaveCount(0);
});

test('Escape and the close button hide the modal, and focus returns', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tracking-consent', '{"statistics":false,"marketing":false}'));
  await signIn(page, other);
  await page.goto(`${base}/`);
  const dialog = page.locator('dialog[data-gdpr-modal]');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.closest('dialog'))).toBeNull();
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
});
