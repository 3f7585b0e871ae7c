import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { brandServers } from '../../playwright.config';

/**
 * Employers in the browser (issue 15): a visitor searches the organizations by industry and place on the
 * German search page, opens a full profile (cover, gallery, videos that load no player before a click)
 * and finds no accessibility violation on either page.
 */
const origin = `http://127.0.0.1:${brandServers.find((server) => server.brand === 'tagblatt')!.port}`;
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(axeTags).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a visitor filters employers by industry and place and opens a full profile', async ({ page }) => {
  await page.goto(`${origin}/organizations`);
  await expect(page.locator('h1')).toContainText('Arbeitgeber');
  const teasers = page.locator('.organization-teaser');
  await expect(teasers).toHaveCount(12);
  await expectNoAxeViolations(page);

  // The island (once hydrated) searches as soon as a facet changes.
  await expect(page.locator('form.job-search--enhanced')).toHaveCount(1);
  const industry = page.locator('input[name="industry"]').first();
  const industryValue = await industry.getAttribute('value');
  await industry.check();
  await expect(page).toHaveURL(new RegExp(`industry=${industryValue}`));
  await expect(page.locator('input[name="industry"]:checked')).toHaveCount(1);

  await page.locator('#search-location').fill('Tübingen');
  await page.locator('.search-bar__submit').click();
  await expect(page).toHaveURL(/location=T%C3%BCbingen/);
  await expect(page).toHaveURL(new RegExp(`industry=${industryValue}`));

  // A full profile: the demo data gives some organizations cover, gallery and videos.
  await page.goto(`${origin}/organizations`);
  let found = false;
  for (const href of await teasers
    .locator('h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    await page.goto(`${origin}${href}`);
    if (
      (await page.locator('#organization-gallery').count()) > 0 &&
      (await page.locator('[data-video-embed]').count()) > 0
    ) {
      found = true;
      break;
    }
  }
  if (!found) {
    for (let page2 = 2; page2 <= 10 && !found; page2++) {
      await page.goto(`${origin}/organizations?page=${page2}`);
      for (const href of await teasers
        .locator('h3 a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
        await page.goto(`${origin}${href}`);
        if ((await page.locator('[data-video-embed]').count()) > 0) {
          found = true;
          break;
        }
      }
    }
  }
  expect(found).toBe(true);
  await expect(page.locator('.organization__cover')).toBeVisible();
  await expect(page.locator('#organization-faq')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@type'?: string;
  };
  expect(jsonLd['@type']).toBe('Organization');
  await expectNoAxeViolations(page);

  // The player loads only on a click.
  await page.locator('[data-video-embed] a').first().click();
  await expect(page.locator('[data-video-embed] iframe').first()).toHaveAttribute(
    'src',
    /youtube-nocookie\.com\/embed\//,
  );
});
