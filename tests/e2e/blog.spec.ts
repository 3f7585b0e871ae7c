import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { brandServers } from '../../playwright.config';
import { signInWithGoogle } from '../support/google-sign-in';

/**
 * The blog in the browser (issue 19): a staff member writes a post in the job form's editor with a teaser
 * image and schedules it; visitors do not see it until its time, then find it in the blog, its category and
 * the feed, on pages that send no JavaScript.
 */
const origin = (brand: string) => `http://127.0.0.1:${brandServers.find((server) => server.brand === brand)!.port}`;

/** The demo job editor has no password: they sign in with Google (the loopback provider of playwright.config.ts). */
const signInAsEditor = (page: Page, base: string, callback: string) =>
  signInWithGoogle(page, base, callback, ['editor@demo.example', 'Erik', 'Redaktion']);

test('staff write and schedule a post that appears at its time in the blog, its category and the feed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const base = origin('tagblatt');
  const title = `Bewerben im Handwerk ${Date.now()}`;
  await signInAsEditor(page, base, '/job-manager/blog/new');

  // The form is an island: its editor shows once it has hydrated.
  const editor = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(editor).toBeVisible();
  await page.getByLabel('Titel', { exact: true }).fill(title);
  await page.getByLabel('Autorin oder Autor').fill('Erik Redaktion');
  await page.getByLabel('Anrisstext').fill('Worauf Betriebe im Handwerk bei Bewerbungen achten.');
  await editor.click();
  await page.keyboard.type('Handwerksbetriebe suchen Nachwuchs.');
  // The staff toolbar of the job form (indent, table, video) is there.
  await expect(page.getByRole('button', { name: /Tabelle/ })).toBeVisible();

  const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/Teaserbild/).setInputFiles({ name: 'werkstatt.jpg', mimeType: 'image/jpeg', buffer: image });
  const preview = page.locator('form img[src^="/media/blog/"]');
  await expect(preview).toBeVisible();
  const imageUrl = (await preview.getAttribute('src'))!;

  await page.getByLabel('Kategorie').selectOption({ label: 'Ausbildung' });
  await page.getByLabel(/Schlagwörter/).fill('handwerk, e2e-geplant');
  await page.getByLabel('Veröffentlichen', { exact: true }).check();
  // 25 seconds from now, in the browser's time zone (a datetime-local field).
  const publishAt = await page.evaluate(() => {
    const at = new Date(Date.now() + 25_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  });
  const dueAt = Date.now() + 25_000;
  await page.getByLabel(/Veröffentlichen am/).fill(publishAt);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/job-manager/blog/\\d+\\?saved=1`));
  await expect(page.getByText('Geplant', { exact: true })).toBeVisible();

  // A visitor: nothing yet, in the list, the category or the feed (the pages are cached meanwhile).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${base}/blog`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ratgeber' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  await visitor.goto(`${base}/blog/category/ausbildung`);
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  expect(await (await visitor.request.get(`${base}/blog/feed.xml`)).text()).not.toContain(title);
  expect(Date.now()).toBeLessThan(dueAt);

  // Its time comes: the list, the category and the feed show it.
  await expect(async () => {
    await visitor.goto(`${base}/blog`);
    await expect(visitor.getByRole('link', { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(dueAt - 1_000);
  await expect(visitor.locator(`img[src="${imageUrl}"]`)).toHaveAttribute('width', '1000');
  // Blog pages send no JavaScript file and hydrate no island.
  await expect(visitor.locator('script[src], astro-island')).toHaveCount(0);

  await visitor.goto(`${base}/blog/category/ausbildung`);
  await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  const feed = await visitor.request.get(`${base}/blog/feed.xml`);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  expect(await feed.text()).toContain(`<title>${title}</title>`);

  // The post's page: body, author, reading time, tags, Article JSON-LD; still no JavaScript.
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Handwerksbetriebe suchen Nachwuchs.')).toBeVisible();
  await expect(visitor.getByText('von Erik Redaktion')).toBeVisible();
  await expect(visitor.getByText('1 Min. Lesezeit')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'e2e-geplant' })).toBeVisible();
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string;
    headline: string;
  };
  expect(jsonLd).toMatchObject({ '@type': 'Article', headline: title });
  await expect(visitor.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(visitor.locator('script[src], astro-island')).toHaveCount(0);
  const served = await visitor.request.get(`${base}${imageUrl}`);
  expect(served.headers()['content-type']).toBe('image/webp');
  await visitor.close();
});
