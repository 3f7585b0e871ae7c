/**
 * The measurement relays over HTTP on the built server, on both databases (issue 18, SPEC 7): POST /api/gmapi
 * and POST /api/conversionapi forward a valid event without personal fields to the endpoints configured for
 * the brand (loopback servers this test starts); bad input gets 400 and nothing is forwarded; other origins
 * get 403. The pages carry the tracking settings (category, dimensions, events) only, never a visitor's.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/db/testing';
import { startServer, type RunningServer } from '../support/server';

interface Captured {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

async function startCapture(): Promise<{ server: Server; url: string; captured: Captured[] }> {
  const captured: Captured[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured.push({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
      });
      response.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, url: `http://127.0.0.1:${address.port}`, captured };
}

/** An attribute of the page's inline scripts, its HTML escapes undone. */
function attribute(html: string, name: string): string | undefined {
  const value = new RegExp(`<script[^>]* ${name}="([^"]*)"`).exec(html)?.[1];
  return value
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe.each(testDialects)('measurement relays on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let server: RunningServer;
  let capture: Awaited<ReturnType<typeof startCapture>>;

  beforeAll(async () => {
    capture = await startCapture();
    const env: Record<string, string> = {
      FRONTEND: 'tagblatt',
      GA4_MEASUREMENT_PROTOCOL_URL: `${capture.url}/mp/collect?measurement_id=G-TEST1234&api_secret=s3cret`,
      CONVERSION_API_URL: `${capture.url}/conversions`,
    };
    if (dialect === 'postgres') {
      database = await createTestDatabase('postgres');
      Object.assign(env, {
        DATABASE_URL: database.databaseUrl!,
        AUTH_SECRET: 'measurement-relays-secret-0123456789abcdef',
        SITE_URL: 'https://tagblatt.example',
      });
    }
    server = await startServer(env);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    capture?.server.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: 'authjs.session-token=abc',
        referer: `${server.url}/jobs`,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('relays an event to the Measurement Protocol without personal fields', async () => {
    const before = capture.captured.length;
    const clientId = crypto.randomUUID();
    const response = await post('/api/gmapi', {
      event: 'ss_job_visit',
      client_id: clientId,
      params: {
        entity_id: 42,
        user_role: 'applicant',
        session_id: 'S',
        owner_id: 9,
        page_referrer: 'x',
        page_category: 'job',
      },
    });
    expect(response.status).toBe(204);
    const [forwarded] = capture.captured.slice(before);
    expect(forwarded?.path).toBe('/mp/collect?measurement_id=G-TEST1234&api_secret=s3cret');
    expect(forwarded?.body).toEqual({
      client_id: clientId,
      non_personalized_ads: true,
      events: [
        {
          name: 'ss_job_visit',
          params: { entity_id: 42, page_category: 'job', value: 1, server: 1, frontend: 'tagblatt' },
        },
      ],
    });
    // Nothing of the visitor's request goes along: no cookie, referrer or address.
    expect(forwarded?.headers.cookie).toBeUndefined();
    expect(forwarded?.headers.referer).toBeUndefined();
    expect(forwarded?.headers['x-forwarded-for']).toBeUndefined();

    await post('/api/gmapi', { event: 'ss_page_view', params: { entity_id: 42, page_category: 'frontpage' } });
    const pageView = capture.captured.at(-1)?.body as { client_id: string; events: { params: object }[] };
    expect(pageView.events[0]?.params).toEqual({
      page_category: 'frontpage',
      value: 1,
      server: 1,
      frontend: 'tagblatt',
    });
    expect(pageView.client_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('relays only the conversion events of the brand', async () => {
    const before = capture.captured.length;
    const response = await post('/api/conversionapi', {
      event_name: 'sign_up',
      custom_data: { signup_method: 'google', user_email: 'a@b.example' },
    });
    expect(response.status).toBe(204);
    expect(capture.captured.slice(before).map(({ path, body }) => [path, body])).toEqual([
      [
        '/conversions',
        {
          event_name: 'sign_up',
          custom_data: { signup_method: 'google', value: 1, server: 1, frontend: 'tagblatt' },
        },
      ],
    ]);
    const notListed = await post('/api/conversionapi', { event_name: 'job_visit', custom_data: {} });
    expect(notListed.status).toBe(400);
    expect(capture.captured.length).toBe(before + 1);
  });

  it('answers bad input with 400 and forwards nothing', async () => {
    const before = capture.captured.length;
    const bad: [string, unknown][] = [
      ['/api/gmapi', 'not json'],
      ['/api/gmapi', { event: 'job_visit', params: {} }],
      ['/api/gmapi', { event: 'ss_made_up', params: {} }],
      ['/api/gmapi', { event: 'ss_page_view', params: { nested: { a: 1 } } }],
      ['/api/gmapi', { event: 'ss_page_view', params: { a: 'x'.repeat(201) } }],
      ['/api/gmapi', { event: 'ss_page_view', client_id: 'someone@example.com' }],
      ['/api/conversionapi', { event_name: 'ss_sign_up' }],
      ['/api/conversionapi', { custom_data: {} }],
      ['/api/conversionapi', []],
    ];
    for (const [path, body] of bad) {
      const response = await post(path, body);
      expect([path, response.status]).toEqual([path, 400]);
    }
    const form = await fetch(`${server.url}/api/gmapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: 'event=ss_page_view',
    });
    expect(form.status).toBe(400);
    expect(capture.captured.length).toBe(before);
  });

  it('refuses other origins and requests without one', async () => {
    const before = capture.captured.length;
    const event = { event: 'ss_page_view', params: {} };
    expect((await post('/api/gmapi', event, { origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await post('/api/conversionapi', { event_name: 'sign_up' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const noOrigin = await fetch(`${server.url}/api/gmapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(noOrigin.status).toBe(403);
    expect(capture.captured.length).toBe(before);
  });

  it('gives pages the tracking settings and the consent banner, the same for every anonymous visitor', async () => {
    const html = await (await fetch(`${server.url}/jobs?search=Pflege`)).text();
    const config = JSON.parse(attribute(html, 'data-config')!) as Record<string, unknown>;
    expect(config).toMatchObject({
      provider: 'builtin',
      relay: true,
      conversionEvents: ['job_apply_complete', 'sign_up'],
      category: 'job search',
      events: [{ key: 'job_search', params: {} }],
      pageviewDelayMs: 1000,
    });
    expect(config.dimensions).toMatchObject({ search_query: 'Pflege', user_role: 'anonymous', entity_id: -1 });
    expect(html).toContain('data-cookie-banner hidden');
    // Nothing third-party in the page itself: the tag is loaded by the script only after consent.
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(JSON.stringify(config)).not.toContain('s3cret');
    // The demo data (embedded database only) has the creation-source config of SPEC 4; the empty PostgreSQL
    // database has none, and its pages get no script for it.
    const creationSource = attribute(html, 'data-parameter');
    if (dialect === 'pglite') expect(creationSource).toBe('utm_source');
    else expect(creationSource).toBeUndefined();
  });
});
