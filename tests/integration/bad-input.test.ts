/**
 * Bad input gets a 4xx with a clear, translated message, never a 5xx, and the server keeps answering:
 * bodies that are no form on form pages and _log, page numbers, facet values and texts of the job search,
 * ids beyond what the database holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import { BrowserSession } from '../support/browser-session';
import { get, startServer, type RunningServer } from '../support/server';
import { asHtml } from '../support/html';

let tagblatt: RunningServer;
let jobregio: RunningServer;

const secret = 'bad-input-test-secret-0123456789abcdefghij';
// Registration mails are written as files: keep them out of the working tree.
const mailDir = mkdtempSync(join(tmpdir(), 'jobboard-bad-input-mail-'));

beforeAll(async () => {
  [tagblatt, jobregio] = await Promise.all([
    startServer({ FRONTEND: 'tagblatt', AUTH_SECRET: secret, MAIL_DIR: mailDir }),
    startServer({ FRONTEND: 'jobregio', AUTH_SECRET: secret, MAIL_DIR: mailDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([tagblatt?.stop(), jobregio?.stop()]);
  rmSync(mailDir, { recursive: true, force: true });
});

const de = createTranslator('de');
const en = createTranslator('en-GB');
const fr = createTranslator('fr');

/** Bodies a form page cannot read, with the status they deserve. */
const badBodies: { name: string; status: 400 | 415; contentType: string; body: string }[] = [
  { name: 'JSON', status: 415, contentType: 'application/json', body: '{"email":"a@b.de"}' },
  { name: 'plain text', status: 415, contentType: 'text/plain', body: 'email=a@b.de' },
  { name: 'broken multipart', status: 400, contentType: 'multipart/form-data; boundary=xyz', body: 'garbage' },
  { name: 'multipart without boundary', status: 400, contentType: 'multipart/form-data', body: '--x\r\n' },
];

function postRaw(server: RunningServer, path: string, contentType: string, body: string, cookie = '') {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    body,
  });
}

async function expectStillAnswering(server: RunningServer) {
  expect(server.process.exitCode).toBeNull();
  const jobs = server === jobregio ? '/de/jobs' : '/jobs';
  expect((await get(`${server.url}${jobs}`)).status).toBe(200);
  expect((await get(`${server.url}/api/messages/de`)).status).toBe(200);
}

describe('form pages refuse bodies that are no form', () => {
  it.each(badBodies)('$name: $status and the form page with the German message', async (bad) => {
    for (const path of ['/user/password', '/user/register/recruiter', '/user/password/reset']) {
      const response = await postRaw(tagblatt, path, bad.contentType, bad.body);
      expect(response.status, path).toBe(bad.status);
      const page = await response.text();
      expect(page, path).toContain(asHtml(de('account.error.notAForm')));
      expect(page, path).toContain('<h1>');
    }
    await expectStillAnswering(tagblatt);
  });

  it('answers in the visitor’s language', async () => {
    const english = await postRaw(jobregio, '/en-GB/user/register', 'application/json', '{}');
    expect(english.status).toBe(415);
    expect(await english.text()).toContain(asHtml(en('account.error.notAForm')));
    const french = await postRaw(jobregio, '/fr/user/password', 'multipart/form-data; boundary=x', 'nope');
    expect(french.status).toBe(400);
    expect(await french.text()).toContain(asHtml(fr('account.error.notAForm')));
  });

  it('refuses them on the signed-in pages too, without changing anything', async () => {
    const session = new BrowserSession(jobregio.url);
    const password = 'Oberrhein-Stelle-2031!';
    const csrfToken = await session.pageCsrfToken('/de/user/register');
    const registered = await session.post('/de/user/register', {
      csrfToken,
      email: 'bad-input@applicant.test',
      password,
      passwordConfirm: password,
    });
    expect(registered.status).toBe(303);
    expect((await session.signIn('bad-input@applicant.test', password, '/de/dashboard')).status).toBe(302);
    expect(await session.session()).toMatchObject({ user: { email: 'bad-input@applicant.test' } });

    for (const path of ['/de/user/account', '/de/user/verify']) {
      const response = await postRaw(
        jobregio,
        path,
        'application/json',
        '{"action":"signOutEverywhere"}',
        session.cookieHeader(),
      );
      expect(response.status, path).toBe(415);
      expect(await response.text(), path).toContain(asHtml(de('account.error.notAForm')));
    }
    // Still signed in: the JSON "signOutEverywhere" did nothing.
    expect(await session.session()).toMatchObject({ user: { email: 'bad-input@applicant.test' } });
    const masquerade = await postRaw(
      jobregio,
      '/de/user/masquerade',
      'multipart/form-data',
      'x',
      session.cookieHeader(),
    );
    expect(masquerade.status).toBe(400);
  });
});

describe('/api/auth/_log refuses bodies it cannot read', () => {
  it.each([
    { contentType: 'application/json', body: '{broken', status: 400 },
    { contentType: 'application/json', body: '[1,2]', status: 400 },
    { contentType: 'multipart/form-data; boundary=xyz', body: 'garbage', status: 400 },
    { contentType: 'text/plain', body: 'level=error', status: 415 },
  ])('$contentType "$body": $status', async ({ contentType, body, status }) => {
    const response = await postRaw(tagblatt, '/api/auth/_log', contentType, body);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(/form or .*JSON object/);
  });

  it('still checks the CSRF token of a readable body', async () => {
    const response = await postRaw(tagblatt, '/api/auth/_log', 'application/json', '{"level":"warn"}');
    expect(response.status).toBe(403);
  });
});

describe('job listing pages', () => {
  /** The last page of the unfiltered listing, from its pagination. */
  async function lastPage(server: RunningServer, path: string): Promise<number> {
    const page = await (await get(`${server.url}${path}`)).text();
    const pages = [...page.matchAll(/class="pagination__page"[^>]*>\s*(\d+)/g)].map((match) => Number(match[1]));
    expect(pages.length).toBeGreaterThan(1);
    return Math.max(...pages);
  }

  it('send a page past the last one to the last page, keeping the query', async () => {
    const last = await lastPage(tagblatt, '/jobs');
    for (const page of [last + 1, 234, 1000, 1001, 5_000_000]) {
      const response = await get(`${tagblatt.url}/jobs?page=${page}&utm_source=news`);
      expect(response.status, String(page)).toBe(302);
      expect(response.headers.get('location')).toBe(`/jobs?page=${last}&utm_source=news`);
    }
    const target = await get(`${tagblatt.url}/jobs?page=${last}&utm_source=news`);
    expect(target.status).toBe(200);
    expect(await target.text()).toContain('class="job-teaser');
  });

  it('keep the search when redirecting, on translated paths too', async () => {
    const last = await lastPage(jobregio, '/fr/emploi?sort=publish_date_desc');
    const response = await get(`${jobregio.url}/fr/emploi?sort=publish_date_desc&page=999`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/fr/emploi?sort=publish_date_desc&page=${last}`);
  });

  it('answer the 404 page for a later page of a search without results', async () => {
    const response = await get(`${tagblatt.url}/jobs?search=Zzyzxqwv&page=3`);
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain(asHtml(de('error.404.title')));
    expect(page).toContain('noindex');
    expect((await get(`${tagblatt.url}/jobs?search=Zzyzxqwv`)).status).toBe(200);
  });

  it('read page numbers that are no page as page 1', async () => {
    for (const page of ['abc', '-1', '0', '1e9', '2.5', '99999999999999999999', '%00']) {
      const response = await get(`${tagblatt.url}/jobs?page=${page}`);
      expect(response.status, page).toBe(302);
      expect(response.headers.get('location'), page).toBe('/jobs');
    }
  });

  it('drop facet values that are no ids, never filtering by them', async () => {
    for (const value of ['abc', '-3', '1.5', '2147483648', '99999999999999999999', '%C3%BC', '1e3']) {
      const response = await get(`${tagblatt.url}/jobs?employmentType=${value}&company=${value}`);
      expect(response.status, value).toBe(302);
      expect(response.headers.get('location'), value).toBe('/jobs');
    }
    const mixed = await get(`${tagblatt.url}/jobs?employmentType=abc&employmentType=3&industry=x,1`);
    expect(mixed.headers.get('location')).toBe('/jobs?employmentType=3');
  });

  it.each([
    { query: 'search=Pflege%00Ulm', key: 'search.invalid.control.search' as const },
    { query: `search=${'a'.repeat(201)}`, key: 'search.invalid.tooLong.search' as const },
    { query: `title=${encodeURIComponent('Koch '.repeat(41))}`, key: 'search.invalid.tooLong.title' as const },
    { query: 'location=Ulm%1B', key: 'search.invalid.control.location' as const },
    { query: `location=${'x'.repeat(101)}`, key: 'search.invalid.tooLong.location' as const },
  ])('answer 400 with the search page and the reason: $key', async ({ query, key }) => {
    const response = await get(`${tagblatt.url}/jobs?${query}`);
    expect(response.status).toBe(400);
    const page = await response.text();
    const max = key.includes('location') ? 100 : 200;
    expect(page).toContain(asHtml(de(key, { max })));
    expect(page).toContain('id="search-input-error"');
    expect(page).toContain('noindex');
    // The search form comes back, without the refused text.
    expect(page).toContain('class="search-header"');
    expect(page).not.toContain('a'.repeat(201));
  });

  it('refuse a search text in the visitor’s language', async () => {
    const english = await get(`${jobregio.url}/en-GB/jobs?search=${'a'.repeat(300)}`);
    expect(english.status).toBe(400);
    expect(await english.text()).toContain(asHtml(en('search.invalid.tooLong.search', { max: 200 })));
    expect(en('search.invalid.tooLong.search', { max: 200 })).toBe(
      'The search term is too long (at most 200 characters).',
    );
    const french = await get(`${jobregio.url}/fr/emploi?search=a%00`);
    expect(french.status).toBe(400);
    expect(await french.text()).toContain(asHtml(fr('search.invalid.control.search')));
    await expectStillAnswering(jobregio);
  });

  it('accept 200 characters, umlauts and emoji', async () => {
    expect((await get(`${tagblatt.url}/jobs?search=${'ä'.repeat(200)}`)).status).toBe(200);
    expect((await get(`${tagblatt.url}/jobs?search=${encodeURIComponent('👩‍⚕️ Pflege')}`)).status).toBe(200);
  });
});

describe('ids beyond what the database holds', () => {
  const paths = [
    '/media/logos/2147483648.svg',
    '/media/logos/99999999999999999999.svg',
    '/media/logos/abc.svg',
    '/media/logos/-1.svg',
    '/job/2147483648',
    '/job/99999999999999999999',
    '/job/pflege-2147483648',
    '/organization/2147483648',
    '/organization/99999999999999999999',
    // As long as the front door lets through (2,000 characters): the route lookup's longest.
    `/organization/${'a'.repeat(1986)}`,
    `/job/${'a'.repeat(1995)}`,
    `/${'a'.repeat(1999)}`,
  ];
  const label = (path: string) => (path.length > 50 ? `${path.slice(0, 30)}… (${path.length} characters)` : path);
  it.each(paths.map((path) => [label(path), path]))('%s is not found', async (_name, path) => {
    const response = await get(`${tagblatt.url}${path}`);
    expect(response.status).toBe(404);
  });

  // Longer than that: refused by the front door before any lookup (decision 0009).
  it.each(
    [`/organization/${'a'.repeat(2100)}`, `/job/${'a'.repeat(2100)}`, `/${'a'.repeat(2100)}`].map((path) => [
      label(path),
      path,
    ]),
  )('%s is too long (414)', async (_name, path) => {
    const response = await get(`${tagblatt.url}${path}`);
    expect(response.status).toBe(414);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the largest id is an ordinary unknown one', async () => {
    expect((await get(`${tagblatt.url}/media/logos/2147483647.svg`)).status).toBe(404);
    expect((await get(`${tagblatt.url}/job/2147483647`)).status).toBe(404);
    await expectStillAnswering(tagblatt);
  });
});

describe('the GraphQL search refuses bad texts as bad input', () => {
  it.each([
    ['searchJobs', '{ searchJobs(input: { search: "a\\u0000b" }) { total } }'],
    ['searchJobs', `{ searchJobs(input: { title: "${'t'.repeat(201)}" }) { total } }`],
    ['searchJobs', '{ searchJobs(input: { facets: [{ field: company, values: ["9999999999"] }] }) { total } }'],
    ['locationSuggestions', '{ locationSuggestions(query: "Ulm\\u0000") { label } }'],
    ['locationAlternatives', `{ locationAlternatives(query: "${'x'.repeat(101)}") { reason } }`],
  ])('%s: BAD_USER_INPUT', async (_name, query) => {
    const response = await fetch(`${tagblatt.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
