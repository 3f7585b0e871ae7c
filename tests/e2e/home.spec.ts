import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { brandServers } from '../../playwright.config';
import { signInWithGoogle } from '../support/google-sign-in';

/**
 * The home page modules (issues 15 and 19): staff choose featured jobs and featured employers on
 * /dashboard/home-page, and an anonymous visitor (the page-cached home page) sees them at once, in order,
 * without JavaScript.
 */
const base = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'tagblatt')!.port}`;

test('the home page modules show the jobs and employers staff chose', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  // Two jobs (the 3rd and 1st of the newest) and two employers to choose, read from the public listings.
  await visitor.goto(`${base}/jobs`);
  const teasers = visitor.locator('article.job-teaser');
  const jobIds = [await teasers.nth(2).getAttribute('data-job-id'), await teasers.nth(0).getAttribute('data-job-id')];
  const jobTitles = [
    await teasers.nth(2).locator('.job-teaser__title').innerText(),
    await teasers.nth(0).locator('.job-teaser__title').innerText(),
  ];
  await visitor.goto(`${base}/organizations`);
  const organizationTeasers = visitor.locator('article.organization-teaser');
  const organizationIds = [
    await organizationTeasers.nth(1).getAttribute('data-organization-id'),
    await organizationTeasers.nth(0).getAttribute('data-organization-id'),
  ];
  const organizationNames = [
    await organizationTeasers.nth(1).locator('.job-teaser__title').innerText(),
    await organizationTeasers.nth(0).locator('.job-teaser__title').innerText(),
  ];
  // The visitor's home page is cached before staff choose anything.
  await visitor.goto(`${base}/`);

  await signInWithGoogle(page, base, '/dashboard/home-page', ['admin@demo.example', 'Alex', 'Admin']);
  await expect(page.getByRole('heading', { level: 1, name: 'Startseite gestalten' })).toBeVisible();
  const featuredJobs = page.locator('section#featured_jobs');
  await featuredJobs.getByLabel('IDs').fill(`${jobIds[0]}, ${jobIds[1]}`);
  await featuredJobs.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('#picks-saved')).toBeVisible();
  await expect(page.locator('section#featured_jobs')).toContainText(`${jobTitles[0]} (${jobIds[0]})`);
  // Too many employers (the range is 0–4) are refused with the field's error, nothing saved.
  const featuredOrganizations = page.locator('section#featured_organizations');
  await featuredOrganizations.getByLabel('IDs').fill('1, 2, 3, 4, 5');
  await featuredOrganizations.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('section#featured_organizations .account-field__error')).toHaveText(
    'Zu viele Einträge für dieses Modul.',
  );
  await page.locator('section#featured_organizations').getByLabel('IDs').fill(organizationIds.join(' '));
  await page.locator('section#featured_organizations').getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('#picks-saved')).toBeVisible();
  // Staff download the confirmed newsletter subscribers as CSV (issue 19); a visitor is sent to sign in.
  const csv = await page.request.get(`${base}/dashboard/newsletter`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toMatch(/^\uFEFFemail,locale,confirmed_at,consent_revision\r\n/);
  const refused = await visitor.request.get(`${base}/dashboard/newsletter`, { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers()['location']).toContain('/user/login');
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  // The anonymous visitor, without JavaScript, sees the choice at once (the cached page was replaced).
  await visitor.goto(`${base}/`);
  const featured = visitor.locator('[data-home-module="featured-jobs"]');
  await expect(featured.getByRole('heading', { level: 2, name: 'Empfohlene Jobs' })).toBeVisible();
  await expect(featured.locator('.job-teaser__title')).toHaveText(jobTitles);
  const employers = visitor.locator('[data-home-module="featured-organizations"]');
  await expect(employers.locator('.job-teaser__title')).toHaveText(organizationNames);
  await expect(visitor.locator('[data-home-module="latest-jobs"] article.job-teaser')).toHaveCount(6);
  await expect(visitor.locator('.category-tile__count').first()).toHaveText(/^\d+ Jobs?$/);
  // No ad HTML is configured for this brand: no slot, never an empty box.
  await expect(visitor.locator('[data-ad-slot]')).toHaveCount(0);
  await visitor.screenshot({ path: 'test-results/home-modules.png', fullPage: true });
  await visitorContext.close();
});
