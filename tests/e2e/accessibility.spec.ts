import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { brandServers } from '../../playwright.config';

const pages = ['/', '/jobs/minijobs', '/privacy-policy', '/gibt-es-nicht'];

for (const { brand, port } of brandServers) {
  for (const path of pages) {
    test(`${brand}${path} has no WCAG 2.1 AA violations`, async ({ page }) => {
      const prefix = brand === 'jobregio' ? '/de' : '';
      await page.goto(`http://127.0.0.1:${port}${prefix}${path}`);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
  test(`${brand} phone layout has no WCAG 2.1 AA violations with the menu open`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}${brand === 'jobregio' ? '/fr/' : '/'}`);
    await page.locator('[data-nav-open]').click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map(({ id }) => id)).toEqual([]);
    await context.close();
  });
}
