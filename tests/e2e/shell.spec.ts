import { expect, test, type Page } from '@playwright/test';
import { brands } from '../../brands';
import { brandServers } from '../../playwright.config';

const origin = (brand: string) => `http://127.0.0.1:${brandServers.find((server) => server.brand === brand)!.port}`;

// The browser reports on the console what the Content-Security-Policy blocks: "Refused to load …", "Executing
// inline script violates the following Content Security Policy directive …". No test of the shell may see it.
const refusal = /Refused to|violates the following Content Security Policy/;
let refused: string[] = [];
test.beforeEach(({ page }) => {
  refused = [];
  page.on('console', (message) => {
    if (refusal.test(message.text())) refused.push(message.text());
  });
});
test.afterEach(() => {
  expect(refused, 'the browser refused a script, style or frame').toEqual([]);
});

/** "#1c788c" → "rgb(28, 120, 140)" as the browser reports colours. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
}

for (const { brand: id } of brandServers) {
  const brand = brands[id];
  test(`${id}: home page shows the brand's colour, logo and name`, async ({ page }) => {
    await page.goto(origin(id));
    const header = page.locator('header.site-header');
    await expect(header).toHaveCSS('background-color', rgb(brand.theme.primaryColor));
    const logo = header.locator('.site-header__logo-image svg');
    await expect(logo).toBeVisible();
    const logoBox = await logo.boundingBox();
    expect(logoBox!.height).toBeLessThanOrEqual(brand.theme.logoMaxHeightPx);
    await expect(page).toHaveTitle(new RegExp(`\\| ${brand.name}$`));
    await expect(page.locator('footer')).toContainText(brand.name);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.screenshot({ path: `test-results/home-${id}.png`, fullPage: true });
  });
}

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto(origin('tagblatt'));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

async function sideNavWidth(page: Page) {
  return (await page.locator('#side-nav').boundingBox())!.width;
}

test('the side navigation starts collapsed and remembers being expanded per user kind', async ({ page }) => {
  await page.goto(origin('tagblatt'));
  const toggle = page.getByRole('button', { name: 'Navigation ausklappen' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await sideNavWidth(page)).toBeLessThan(80);
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Navigation einklappen' })).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => localStorage.getItem('anonymous-nav-collapsed'))).toBe('false');
  await page.goto(`${origin('tagblatt')}/jobs`);
  await expect(page.getByRole('button', { name: 'Navigation einklappen' })).toBeVisible();
  await expect.poll(() => sideNavWidth(page)).toBeGreaterThan(200);
  await expect(page.locator('#side-nav').getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
});

test('on phones the side navigation is a drawer that opens and closes', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(origin('tagblatt'));
  const drawer = page.locator('#side-nav');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Startseite' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();
  await page.close();
});

test('a dismissible alert fades out and is removed when closed', async ({ page }) => {
  await page.goto(origin('tagblatt'));
  const alert = page.locator('#demo-notice');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCSS('transition-duration', '0.25s');
  const closed = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener('alert:closed', (event) => resolve((event as CustomEvent<{ id: string }>).detail.id)),
      ),
  );
  await expect(alert.getByRole('button', { name: 'Hinweis schließen' })).toBeVisible();
  // Read the class in the same task as the click: the alert is gone 0.25 s later, possibly before a poll.
  const classAfterClick = await alert.evaluate((element: HTMLElement): string => {
    element.querySelector('button')!.click();
    return element.className;
  });
  expect(classAfterClick).toContain('alert--closing');
  expect(await closed).toBe('demo-notice');
  await expect(alert).toHaveCount(0);
});

test('an alert without a close handler cannot be closed', async ({ page }) => {
  await page.goto(`${origin('tagblatt')}/user/login`);
  const alert = page.getByRole('status').filter({ hasText: 'Anmeldung' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button')).toHaveCount(0);
});

test('the language switcher leads to the same page in another language', async ({ page }) => {
  await page.goto(`${origin('jobregio')}/de/kontakt`);
  await page.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(`${origin('jobregio')}/fr/contact`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  await page.locator('header').getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(`${origin('jobregio')}/en-GB/jobs`);
});

test('the home search form sends a plain GET to the job search', async ({ page }) => {
  await page.goto(origin('suedjobs'));
  await page.getByLabel('Was').fill('Pflege');
  await page.getByLabel('Wo').fill('Ulm');
  await page.getByRole('button', { name: 'Jobs finden' }).click();
  // The job search puts the request into its canonical form (place resolved to coordinates).
  await expect(page).toHaveURL(/\/jobs\?search=Pflege&location=Ulm/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Jobs');
});

test('pages without islands load no JavaScript file', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(origin('tagblatt'));
  await page.goto(`${origin('tagblatt')}/privacy-policy`);
  expect(scripts).toEqual([]);
});

test('under the Content-Security-Policy inline scripts run, islands hydrate and signing in and out works', async ({
  page,
}) => {
  const base = origin('jobregio');
  const response = await page.goto(`${base}/de/jobs`);
  const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
  // Scripts: our own, the hashed inline ones, and GA4's tag host (loaded only after consent, decision 0022).
  expect(policy).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com 'sha256-/);
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  // The inline flag script ran and the search filter island hydrated (Astro drops `ssr` once it has).
  await expect(page.locator('html')).toHaveAttribute('data-js', 'true');
  await expect(page.locator('astro-island')).not.toHaveCount(0);
  // The bookmark toggles (client:interaction) stay unhydrated until used.
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
  // An inline script without a listed hash is refused, and the console check sees it.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.injected = "true";';
    document.body.append(script);
  });
  await expect.poll(() => refused.length).toBe(1);
  await expect(page.locator('html')).not.toHaveAttribute('data-injected');
  refused = [];

  // Account pages, the session watcher island of a signed-in visitor, and the self-posting sign-out page.
  const email = `csp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'correct-horse-battery';
  await page.goto(`${base}/de/user/register`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.locator('#registered')).toBeVisible();
  await page.goto(`${base}/de/user/login`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(`${base}/de/dashboard`);
  await expect(page.locator('astro-island')).not.toHaveCount(0);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.goto(`${base}/de/user/logout`);
  await expect(page).toHaveURL(`${base}/de/`);
  await expect(page.locator('[data-signed-in]')).toHaveCount(0);
});

test('pages with form islands cause no Content-Security-Policy issue (zod probes no eval in browsers)', async ({
  page,
  context,
}) => {
  // Issues (not console messages) are what the browser records for a refused eval inside a try block.
  const cdp = await context.newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(JSON.stringify(issue)));
  await cdp.send('Audits.enable');
  const base = origin('tagblatt');
  // The job search's filter and alert islands hydrate on load and build their zod schemas.
  await page.goto(`${base}/jobs`, { waitUntil: 'networkidle' });
  await expect(page.locator('astro-island:not([ssr])')).not.toHaveCount(0);
  await page.waitForTimeout(500);
  expect(issues.filter((issue) => issue.includes('ContentSecurityPolicy'))).toEqual([]);
});
