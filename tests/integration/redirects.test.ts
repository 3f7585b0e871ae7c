import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobCategories } from '../../src/lib/job-categories';
import { trackingParams } from '../../src/lib/routing/tracking-params';
import { get, startServer, type RunningServer } from '../support/server';

let tagblatt: RunningServer;
let jobregio: RunningServer;
let suedjobs: RunningServer;

beforeAll(async () => {
  [tagblatt, jobregio, suedjobs] = await Promise.all([
    startServer({ FRONTEND: 'tagblatt' }),
    startServer({ FRONTEND: 'jobregio' }),
    startServer({ FRONTEND: 'suedjobs' }),
  ]);
});
afterAll(async () => {
  await Promise.all([tagblatt?.stop(), jobregio?.stop(), suedjobs?.stop()]);
});

async function expectRedirect(url: string, status: number, location: string, headers: Record<string, string> = {}) {
  const response = await get(url, headers);
  expect(response.status, url).toBe(status);
  expect(response.headers.get('location'), url).toBe(location);
}

describe('legacy redirects', () => {
  it.each(jobCategories.map((category) => [category.legacyName, category.slug]))(
    '/Jobs/%s redirects permanently to /jobs/%s',
    async (legacyName, slug) => {
      await expectRedirect(`${tagblatt.url}/Jobs/${legacyName}`, 301, `/jobs/${slug}`);
      await expectRedirect(`${tagblatt.url}/Jobs/${legacyName}/Stuttgart/Seite-2.html`, 301, `/jobs/${slug}`);
      const target = await get(`${tagblatt.url}/jobs/${slug}`);
      expect(target.status).toBe(200);
    },
  );

  it('redirects /Suchergebnis.html to /jobs', async () => {
    await expectRedirect(`${tagblatt.url}/Suchergebnis.html`, 301, '/jobs');
  });

  it('sends legacy paths of a multilingual brand to the German page', async () => {
    await expectRedirect(`${jobregio.url}/Jobs/Minijobs`, 301, '/de/jobs/minijobs');
  });

  it('answers malformed escapes in legacy paths with 400, not an error', async () => {
    const response = await get(`${tagblatt.url}/Jobs/%E0%A4%A`);
    expect(response.status).toBe(400);
  });
});

describe('tracking parameters on /jobs', () => {
  it.each([...trackingParams])('strips %s and keeps the other parameters in order', async (name) => {
    await expectRedirect(`${tagblatt.url}/jobs?search=pflege&${name}=1&page=2`, 301, '/jobs?search=pflege&page=2');
  });

  it('strips them on category pages and leaves clean URLs alone', async () => {
    await expectRedirect(`${tagblatt.url}/jobs/minijobs?jmyc=1&jsco=2`, 301, '/jobs/minijobs');
    expect((await get(`${tagblatt.url}/jobs?search=pflege&page=2`)).status).toBe(200);
  });
});

describe('lowercase forcing', () => {
  it('lowercases /jobs and /organization paths', async () => {
    await expectRedirect(`${tagblatt.url}/JOBS/Minijobs?search=IT`, 301, '/jobs/minijobs?search=IT');
    await expectRedirect(`${tagblatt.url}/Organizations`, 301, '/organizations');
    await expectRedirect(`${tagblatt.url}/Organization/Muster-GmbH`, 301, '/organization/muster-gmbh');
  });
  it('leaves other paths as they are', async () => {
    expect((await get(`${tagblatt.url}/Privacy-Policy`)).status).toBe(404);
  });
});

describe('resumes off', () => {
  it.each(['/resume', '/resume/wizard', '/resume/edit/personal-info', '/resume-alert/edit/42'])(
    '%s redirects permanently to /404',
    async (path) => {
      await expectRedirect(`${tagblatt.url}${path}`, 301, '/404');
    },
  );
  it('applies to translated resume paths too', async () => {
    await expectRedirect(`${suedjobs.url}/lebenslauf/wizard`, 301, '/404');
  });
  it('keeps resume pages where resumes are on (personal pages: sign-in first, then back)', async () => {
    const response = await get(`${jobregio.url}/de/lebenslauf`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      '/de/user/login?error=SessionRequired&callbackUrl=%2Fde%2Flebenslauf',
    );
  });
});

describe('route translations', () => {
  // Issue 17: resumes and the resume search are personal pages: a translated path reaches the sign-in with
  // itself as the page to come back to (the pages themselves: tests/integration/resumes.test.ts, e2e).
  it.each([
    '/en-GB/cvs',
    '/en-GB/cv',
    '/en-GB/cv/edit/skills',
    '/en-GB/cv/wizard/import',
    '/en-GB/cv/wizard/job-preferences',
    '/de/bewerbersuche',
    '/de/lebenslauf/wizard/personal-info',
  ])('%s is a page behind sign-in', async (path) => {
    const response = await get(`${jobregio.url}${path}`);
    expect(response.status, path).toBe(302);
    const login = new URL(response.headers.get('location')!, jobregio.url);
    expect(login.pathname, path).toBe(`/${path.split('/')[1]}/user/login`);
    expect(login.searchParams.get('error'), path).toBe('SessionRequired');
    expect(login.searchParams.get('callbackUrl'), path).toBe(path);
  });

  it.each([
    ['/de/arbeitgeber-suchen', 'Arbeitgeber'],
    ['/de/kontakt', 'Kontakt'],
    ['/fr/emploi', 'Emplois'],
    ['/fr/emploi/it-telekommunikation', 'Informatique &amp; télécoms'],
  ])('%s reaches its page', async (path, heading) => {
    const response = await get(`${jobregio.url}${path}`);
    expect(response.status).toBe(200);
    // Listing headings carry the number of results ("Emplois : 282 offres").
    const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(await response.text()).toMatch(new RegExp(`<h1[^>]*>[^<]*${escaped}[^<]*</h1>`));
  });

  it.each([
    ['/de/organizations', '/de/arbeitgeber-suchen'],
    ['/de/contact', '/de/kontakt'],
    ['/de/resume/edit', '/de/lebenslauf/edit'],
    ['/en-GB/resumes', '/en-GB/cvs'],
    ['/fr/jobs?page=2', '/fr/emploi?page=2'],
  ])('%s redirects permanently to its translation %s', async (path, location) => {
    await expectRedirect(`${jobregio.url}${path}`, 301, location);
  });

  it('renders links translated', async () => {
    const french = await (await get(`${jobregio.url}/fr/`)).text();
    expect(french).toContain('href="/fr/emploi"');
    const german = await (await get(`${jobregio.url}/de/`)).text();
    expect(german).toContain('href="/de/arbeitgeber-suchen"');
    expect(german).toContain('href="/de/kontakt"');
    const english = await (await get(`${jobregio.url}/en-GB/`)).text();
    expect(english).toContain('href="/en-GB/cv"');
  });

  it('translates on a one-locale brand without prefix', async () => {
    expect((await get(`${suedjobs.url}/kontakt`)).status).toBe(200);
    await expectRedirect(`${suedjobs.url}/contact`, 301, '/kontakt');
    await expectRedirect(`${suedjobs.url}/organizations`, 301, '/arbeitgeber-suchen');
  });

  it('does not translate where the brand has translation off', async () => {
    expect((await get(`${tagblatt.url}/contact`)).status).toBe(200);
    expect((await get(`${tagblatt.url}/kontakt`)).status).toBe(404);
  });
});

describe('locale prefixes', () => {
  it('sends unprefixed paths of a multilingual brand to the visitor language', async () => {
    const response = await get(`${jobregio.url}/jobs?search=x`, { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/fr/emploi?search=x');
    expect(response.headers.get('vary')).toContain('Accept-Language');
    await expectRedirect(`${jobregio.url}/`, 302, '/de/');
  });
  it('drops a locale prefix on a one-locale brand', async () => {
    await expectRedirect(`${tagblatt.url}/de/jobs`, 301, '/jobs');
  });
});
