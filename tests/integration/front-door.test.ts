/**
 * The front door (src/server/http/front-door.ts) against the built server: what it refuses before Astro
 * sees a request, the security headers on every kind of response, and that links, mails and the origin
 * check follow the configured public origin (SITE_URL) instead of the request's Host. The server runs a
 * multi-locale brand on an https public origin, reached over plain HTTP on loopback as through a
 * TLS-terminating proxy on the same machine.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession } from '../support/browser-session';
import { firstLink, startMailServer, type TestMailServer } from '../support/mail';
import { uniqueEmail } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

const siteUrl = 'https://jobs.example.test';
const publicHost = 'jobs.example.test';
let server: RunningServer;
let mail: TestMailServer;
let port: number;

beforeAll(async () => {
  mail = await startMailServer();
  server = await startServer({ FRONTEND: 'jobregio', SITE_URL: siteUrl, SMTP_URL: mail.url });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length unless `chunked`. */
  body?: string | Buffer;
  chunked?: boolean;
}

/**
 * One request over a fresh connection with exactly the given headers (fetch would not send a foreign Host).
 * Resolves with the response, or with null when the server closed the connection before answering.
 */
function send(path: string, { method = 'GET', headers = {}, body, chunked = false }: RawRequest = {}) {
  return new Promise<RawResponse | null>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          host: `127.0.0.1:${port}`,
          ...(body !== undefined && !chunked ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // A refused upload may be cut off while it is still being sent: that is a refusal too.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      ['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

async function answer(path: string, options?: RawRequest): Promise<RawResponse> {
  const response = await send(path, options);
  if (!response) throw new Error(`no answer for ${options?.method ?? 'GET'} ${path}`);
  return response;
}

function expectSecurityHeaders(response: RawResponse, what: string): void {
  const { headers } = response;
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  const policy = String(headers['content-security-policy']);
  for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"]) {
    expect(policy, what).toContain(directive);
  }
}

/** The server still answers an ordinary request. */
async function expectServing(): Promise<void> {
  expect((await answer('/api/messages/de')).status).toBe(200);
}

function residentKilobytes(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
}

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
/** A form post from a page of the loopback origin the tests use. */
const formHeaders = () => ({ 'content-type': 'application/x-www-form-urlencoded', origin: `http://127.0.0.1:${port}` });

describe('refused before Astro', () => {
  it('answers TRACE, PUT and DELETE with 405, Allow, the security headers and one log line', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE']) {
      const response = await answer('/en-GB/jobs', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
      expect(response.body).toBe('405 This request method is not supported.\n');
      expectSecurityHeaders(response, method);
    }
    await expect
      .poll(() =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"msg":"request refused"') && line.includes('"method":"TRACE"')),
      )
      .toHaveLength(1);
    expect(server.output()).not.toMatch(/TRACE[^\n]*\n\s+at /);
  });

  it('answers a request-target over 2,000 characters with 414', async () => {
    const response = await answer(`/en-GB/${'a'.repeat(2100)}`);
    expect(response.status).toBe(414);
    expectSecurityHeaders(response, '414');
    await expectServing();
  });

  it('answers a Host that is not the public origin with 421, and admits the public host and loopback', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `${publicHost}.evil.example`,
      `localhost:${port + 1}`,
    ]) {
      const response = await answer('/de/', { headers: { host } });
      expect(response.status, host).toBe(421);
      expect(response.body).toBe('421 Diese Adresse wird von diesem Server nicht bedient.\n');
      expectSecurityHeaders(response, host);
    }
    for (const host of [publicHost, `${publicHost}:443`, `localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await answer('/api/messages/de', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('answers a 200 KB body to a form page and to /graphql JSON with 413, and keeps serving', async () => {
    const body = form({ email: 'x@example.test', padding: 'a'.repeat(200 * 1024) });
    const page = await send('/de/user/password', {
      method: 'POST',
      headers: formHeaders(),
      body,
    });
    expect(page?.status).toBe(413);
    expect(page?.body).toBe('413 Die gesendeten Daten sind zu groß: erlaubt sind höchstens 100 KB.\n');
    expectSecurityHeaders(page!, 'form 413');
    const graphql = await send('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ __typename ${'a '.repeat(100 * 1024)}}` }),
    });
    expect(graphql?.status).toBe(413);
    await expectServing();
  });

  it('admits a multipart contact form with a 200 KB attachment, but not the same body to another form page', async () => {
    const boundary = 'contactboundary';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nGast\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\n`,
      `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n${'a'.repeat(200 * 1024)}\r\n--${boundary}--\r\n`,
    ].join('');
    const headers = { ...formHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}` };
    const contact = await send('/de/kontakt', { method: 'POST', headers, body });
    expect(contact?.status).toBeDefined();
    expect(contact?.status).not.toBe(413);
    const other = await send('/de/user/password', { method: 'POST', headers, body });
    expect(other?.status).toBe(413);
    await expectServing();
  });

  it('refuses a 24 MB /graphql POST without reading it: the process lives on and its memory stays put', async () => {
    const before = residentKilobytes();
    const body = Buffer.from(JSON.stringify({ query: `{ __typename ${'a '.repeat(12_000_000)}}` }));
    expect(body.length).toBeGreaterThan(24_000_000);
    const response = await send('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // Either the client read the 413, or the server closed the connection on the rest of the upload.
    if (response) expect(response.status).toBe(413);
    await expectServing();
    const after = residentKilobytes();
    console.log(`front door, 24 MB POST: server RSS ${before} kB before, ${after} kB after`);
    expect(server.process.exitCode).toBeNull();
    expect(after - before).toBeLessThan(64 * 1024);
  });

  it('answers a chunked POST (no Content-Length) to a form page with 411', async () => {
    const response = await answer('/de/user/password', {
      method: 'POST',
      headers: formHeaders(),
      body: form({ email: 'x@example.test' }),
      chunked: true,
    });
    expect(response.status).toBe(411);
    expectSecurityHeaders(response, '411');
    await expectServing();
  });
});

describe('connections', () => {
  it('keeps idle connections open longer than clients and proxies keep theirs', async () => {
    const response = await fetch(`${server.url}/api/messages/de`);
    await response.arrayBuffer();
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });
});

describe('security headers on every response', () => {
  it('on static files, a 404 and errors under a locale prefix', async () => {
    const listing = await answer('/en-GB/jobs');
    expect(listing.status).toBe(200);
    const asset = /\/_astro\/[\w.-]+\.(?:js|css)/.exec(listing.body)?.[0];
    expect(asset, 'the job search hydrates an island from /_astro/').toBeDefined();
    for (const path of ['/favicon.svg', asset!]) {
      const response = await answer(path);
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response, path);
    }
    const notFound = await answer('/en-GB/no-such-page');
    expect(notFound.status).toBe(404);
    expectSecurityHeaders(notFound, '404');
    // Astro's adapter refuses a path it cannot decode itself.
    const undecodable = await answer('/en-GB/%E0%A4%A');
    expect(undecodable.status).toBe(400);
    expectSecurityHeaders(undecodable, 'undecodable path');
    // A form body that cannot be parsed fails in the page (today a 500 from the error page).
    const broken = await answer('/en-GB/user/password', {
      method: 'POST',
      headers: { ...formHeaders(), 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not multipart at all',
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(broken, `unparsable form (${broken.status})`);
  });

  it('gives pages a script policy of hashes that covers every inline script, without unsafe-inline', async () => {
    for (const path of ['/de/', '/en-GB/jobs', '/de/user/login']) {
      const response = await answer(path);
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response, path);
      const policy = String(response.headers['content-security-policy']);
      const scriptSource = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSource, path).not.toContain('unsafe-inline');
      const inline = [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes = '']) => !attributes.includes('src=') && !attributes.includes('application/ld+json'),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, , code = ''] of inline) {
        const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
        expect(scriptSource, `${path}: ${code.slice(0, 60)}`).toContain(hash);
      }
    }
  });
});

describe('the configured origin, never the request', () => {
  it('mails verification and reset links on SITE_URL whatever Host and X-Forwarded-* say', async () => {
    const email = uniqueEmail('origin');
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const session = new BrowserSession(server.url);
    const csrfToken = await session.pageCsrfToken('/de/user/register');
    const password = 'correct-horse-battery';
    const registered = await session.post(
      '/de/user/register',
      { csrfToken, email, password, passwordConfirm: password },
      forged,
    );
    expect(registered.status).toBe(303);
    const verification = await mail.waitFor(email);
    expect(new URL(firstLink(verification)).origin).toBe(siteUrl);

    // A foreign Host never reaches the reset form, so it can mail nothing.
    const sent = mail.mails.length;
    const foreign = await answer('/de/user/password', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'evil.example',
        origin: 'http://evil.example',
      },
      body: form({ csrfToken: await session.pageCsrfToken('/de/user/password'), email }),
    });
    expect(foreign.status).toBe(421);

    const reset = await session.post(
      '/de/user/password',
      { csrfToken: await session.pageCsrfToken('/de/user/password'), email },
      forged,
    );
    expect(reset.status).toBe(303);
    const message = await mail.waitFor(email, { after: sent });
    expect(message.subject).toContain('Passwort');
    const link = new URL(firstLink(message));
    expect(link.origin).toBe(siteUrl);
    expect(link.pathname).toBe('/de/user/password/reset');
    for (const text of [verification.text, message.text]) {
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('127.0.0.1');
    }
  });

  it('builds the canonical link, hreflang alternates and JSON-LD of a job page on SITE_URL', async () => {
    const { data } = JSON.parse(
      (
        await answer('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ latestJobs(limit: 1) { jobs { url } } }' }),
        })
      ).body,
    ) as { data: { latestJobs: { jobs: { url: string }[] } } };
    const jobPath = data.latestJobs.jobs[0]!.url;
    const requests: Record<string, string>[] = [
      { host: publicHost },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ];
    for (const headers of requests) {
      let response = await answer(jobPath, { headers: { ...headers, 'accept-language': 'de' } });
      if (response.status >= 300 && response.status < 400) {
        response = await answer(String(response.headers.location), { headers });
      }
      expect(response.status).toBe(200);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(response.body)?.[1];
      expect(canonical).toMatch(new RegExp(`^${siteUrl}/de/job/`));
      const alternates = [...response.body.matchAll(/<link rel="alternate" hreflang="[^"]+" href="([^"]+)"/g)];
      // de, en-GB, fr and (issue 19) x-default.
      expect(alternates.length).toBe(4);
      expect(response.body).toContain('<link rel="alternate" hreflang="x-default"');
      for (const [, href] of alternates) expect(href!.startsWith(`${siteUrl}/`)).toBe(true);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(response.body)?.[1];
      expect((JSON.parse(jsonLd!) as { url: string }).url).toBe(canonical);
      expect(response.body).not.toContain('evil.example');
      expect(response.body).not.toContain(`127.0.0.1:${port}`);
    }
  });

  it('checks form posts through a TLS-terminating proxy against the https origin', async () => {
    const post = (origin: string) =>
      answer('/de/user/password', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: publicHost, origin },
        body: form({ csrfToken: 'none', email: 'proxy@example.test' }),
      });
    // Astro's origin check passes; the missing CSRF cookie is the form's own refusal.
    const same = await post(siteUrl);
    expect(same.status).not.toBe(403);
    expect(same.body).not.toContain('Cross-site');
    for (const origin of ['https://evil.example', `http://${publicHost}`]) {
      const cross = await post(origin);
      expect(cross.status, origin).toBe(403);
      expectSecurityHeaders(cross, origin);
    }
  });
});
