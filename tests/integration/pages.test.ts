import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, brandIds, type BrandId } from '../../brands';
import { get, startServer, type RunningServer } from '../support/server';

const servers = {} as Record<BrandId, RunningServer>;

beforeAll(async () => {
  const started = await Promise.all(
    brandIds.map((id) => startServer({ FRONTEND: id, SITE_URL: `https://${id}.example` })),
  );
  brandIds.forEach((id, index) => (servers[id] = started[index]!));
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
});

const home = (id: BrandId) => (brands[id].locales.length > 1 ? '/de/' : '/');

describe.each(brandIds)('brand %s', (id) => {
  const brand = brands[id];

  it('renders its home page with its name, colour, logo, title and canonical link', async () => {
    const response = await get(`${servers[id].url}${home(id)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>`);
    expect(html).toMatch(new RegExp(`<title>[^<]+ \\| ${brand.name}</title>`));
    expect(html).toContain(`--color-primary:${brand.theme.primaryColor}`);
    expect(html).toContain(`<link rel="canonical" href="https://${id}.example${home(id)}">`);
    expect(html).toContain('class="site-header__logo-image"');
    expect(html).toContain('<svg');
    expect(html).toMatch(/href="(\/de)?\/privacy-policy"/);
    for (const href of Object.values(brand.socialLinks)) expect(html).toContain(`href="${href}"`);
  });

  it('ships no JavaScript file on pages without islands', async () => {
    const html = await (await get(`${servers[id].url}${home(id)}`)).text();
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain('astro-island');
  });

  it('answers unknown paths with its own 404 page', async () => {
    const response = await get(`${servers[id].url}${home(id)}gibt-es-nicht`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(brand.name);
    expect(html).toContain(`--color-primary:${brand.theme.primaryColor}`);
    expect(html).toContain('noindex');
    expect(html).not.toContain('rel="canonical"');
  });

  it('offers the blog only where it is enabled', async () => {
    const path = brand.locales.length > 1 ? '/de/blog' : '/blog';
    expect((await get(`${servers[id].url}${path}`)).status).toBe(brand.features.blog ? 200 : 404);
    const html = await (await get(`${servers[id].url}${home(id)}`)).text();
    expect(html.includes(`href="${path}"`)).toBe(brand.features.blog);
  });
});

describe('security headers', () => {
  it.each(['/', '/jobs', '/gibt-es-nicht', '/Suchergebnis.html', '/api/messages/de', '/404'])(
    '%s blocks framing by other origins',
    async (path) => {
      const response = await get(`${servers.tagblatt.url}${path}`);
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    },
  );
});

describe('messages endpoint', () => {
  it.each([
    ['de', 'Anmelden'],
    ['en-GB', 'Sign in'],
    ['fr', 'Se connecter'],
  ])('returns the %s messages as JSON', async (locale, signIn) => {
    const response = await get(`${servers.jobregio.url}/api/messages/${locale}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const messages = (await response.json()) as Record<string, string>;
    expect(messages['nav.signIn']).toBe(signIn);
    expect(messages['language.de']).toBe('Deutsch');
  });
  it('answers 404 for an unknown locale', async () => {
    expect((await get(`${servers.jobregio.url}/api/messages/xx`)).status).toBe(404);
  });
});

describe('multilingual pages', () => {
  it('set the document language and link their alternates', async () => {
    const html = await (await get(`${servers.jobregio.url}/fr/privacy-policy`)).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<link rel="alternate" hreflang="de" href="https://jobregio.example/de/privacy-policy">');
    expect(html).toContain(
      '<link rel="alternate" hreflang="en-GB" href="https://jobregio.example/en-GB/privacy-policy">',
    );
    expect(html).toContain('<link rel="canonical" href="https://jobregio.example/fr/privacy-policy">');
  });
});

describe('pages behind links in mails', () => {
  it('answer 404 with the reason for a link that is not valid, never cached', async () => {
    const tagblatt = servers.tagblatt.url;
    const links = [
      `${tagblatt}/job-alerts/confirm?token=forged`,
      `${tagblatt}/job-alerts/unsubscribe?token=forged`,
      `${tagblatt}/newsletter/confirm?token=forged`,
      `${tagblatt}/newsletter/unsubscribe?token=forged`,
    ];
    for (const link of links) {
      const page = await get(link);
      expect(page.status, link).toBe(404);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(await page.text()).toContain('nicht (mehr) gültig');
    }
    // Brands without a newsletter have no newsletter pages.
    expect((await get(`${servers.jobregio.url}/de/newsletter/confirm?token=forged`)).status).toBe(404);
  });
});
