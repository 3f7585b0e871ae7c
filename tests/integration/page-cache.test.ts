/**
 * The page cache over HTTP (decision 0015): anonymous pages are kept and answered with tags, a write to the
 * content is never followed by a stale page on any worker, a job that expires by time is never served as
 * open, and signed-in visitors are never answered from, nor stored into, the cache.
 */
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema/jobs';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { ensureDemoData } from '../../src/server/seed/seed-database';
import { jobIdFromPath } from '../../src/lib/route-content';
import { BrowserSession } from '../support/browser-session';
import { createOrganization, createUser, uniqueEmail } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

const siteUrl = 'https://jobs.example';
const authSecret = 'page-cache-secret-0123456789abcdefghij';
const password = 'correct-horse-battery';
const noLongerAvailable = 'Diese Stelle ist nicht mehr verfügbar';

async function get(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  return {
    status: response.status,
    headers: response.headers,
    cache: response.headers.get('x-cache'),
    html: await response.text(),
  };
}

/** The body as it came over the wire (fetch would decode it). */
function rawBody(url: string, headers: Record<string, string>): Promise<{ coding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ coding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The path of an open job of the demo data, from the job listing as a visitor finds it. */
async function openJobPath(server: RunningServer, skip = 0): Promise<{ path: string; id: number }> {
  const { html } = await get(server, '/jobs');
  const paths = [...new Set([...html.matchAll(/href="(\/job\/[^"?#]+)"/g)].map((match) => match[1] ?? ''))];
  const path = paths[skip];
  const id = jobIdFromPath(path ?? '');
  if (!path || id === null) throw new Error('no job on /jobs');
  return { path, id };
}

describe('on PostgreSQL with two workers', () => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer;
  const env = () => ({ DATABASE_URL: database.databaseUrl!, AUTH_SECRET: authSecret, SITE_URL: siteUrl });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await ensureDemoData(database.handle.db, { jobs: 200, organizations: 30, seed: 42 });
    // One after the other: the first start migrates and seeds the database.
    first = await startServer(env());
    second = await startServer(env());
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.dispose();
  });

  it('keeps an anonymous page and answers its tag with 304; every coding decodes to the same HTML', async () => {
    const { path } = await openJobPath(first);
    const miss = await get(first, path);
    const hit = await get(first, path);
    expect([miss.status, hit.status]).toEqual([200, 200]);
    expect(hit.cache).toBe('hit');
    expect(hit.html).toBe(miss.html);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    const tag = hit.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/".+"$/);
    const revalidated = await fetch(`${first.url}${path}`, { headers: { 'if-none-match': tag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');

    for (const coding of ['br', 'gzip'] as const) {
      const { coding: sent, bytes } = await rawBody(`${first.url}${path}`, { 'accept-encoding': coding });
      expect(sent).toBe(coding);
      const decoded = coding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      expect(decoded.toString('utf8')).toBe(hit.html);
    }
  });

  it('never serves a job page stale after the job is edited, withdrawn or expired, on either worker', async () => {
    const { db } = database.handle;
    const { path, id } = await openJobPath(first, 1);
    for (const server of [first, second]) {
      await get(server, path);
      expect((await get(server, path)).cache).toBe('hit');
    }

    await db.update(jobs).set({ title: 'Pflegefachkraft für den Cache-Test' }).where(eq(jobs.id, id));
    for (const server of [second, first]) {
      const edited = await get(server, path);
      expect(edited.html).toContain('Pflegefachkraft für den Cache-Test');
      expect((await get(server, path)).cache).toBe('hit');
    }

    await db.update(jobs).set({ state: 'archived' }).where(eq(jobs.id, id));
    for (const server of [first, second]) expect((await get(server, path)).html).toContain(noLongerAvailable);

    await db
      .update(jobs)
      .set({ state: 'published', expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(jobs.id, id));
    for (const server of [second, first]) expect((await get(server, path)).html).toContain(noLongerAvailable);
  });

  it('serves a job as expired from the moment it expires, without any write', async () => {
    const { db } = database.handle;
    const { path, id } = await openJobPath(first, 2);
    await db
      .update(jobs)
      .set({ expiresAt: sql`now() + interval '2 seconds'` })
      .where(eq(jobs.id, id));
    const open = await get(first, path);
    expect(open.html).not.toContain(noLongerAvailable);
    expect((await get(first, path)).cache).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await get(first, path)).html).toContain(noLongerAvailable);
    // The job runner archives it at its next minute, a content write that empties the caches; done now, so
    // that the write does not land in the middle of a later test's hit.
    await db.update(jobs).set({ state: 'archived' }).where(eq(jobs.id, id));
  });

  it('keeps a job page when another job expires, and renders it again when one of its similar jobs does', async () => {
    const { db } = database.handle;
    const { path, id } = await openJobPath(first, 4);
    const page = await get(first, path);
    const similarIds = [...page.html.matchAll(/href="(\/job\/[^"?#]+)"/g)]
      .map((match) => jobIdFromPath(match[1] ?? ''))
      .filter((similarId): similarId is number => similarId !== null && similarId !== id);
    expect(similarIds.length).toBeGreaterThan(0);
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from jobs where state = 'published' and (expires_at is null or expires_at > now() + interval '1 hour')
        and id <> ${id} and id <> all(${`{${similarIds.join(',')}}`}::int[]) order by id limit 1`,
    );
    const unrelated = rows[0]!.id;
    await db
      .update(jobs)
      .set({ expiresAt: sql`now() + interval '2 seconds'` })
      .where(eq(jobs.id, unrelated));
    expect((await get(first, path)).cache).toBe('miss');
    expect((await get(first, '/jobs')).cache).toBe('miss');
    expect((await get(first, '/jobs')).cache).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 2200));
    // Another job's expiry changes the listing, not this page.
    expect((await get(first, path)).cache).toBe('hit');
    expect((await get(first, '/jobs')).cache).toBe('miss');

    const similar = similarIds[0]!;
    await db
      .update(jobs)
      .set({ expiresAt: sql`now() + interval '2 seconds'` })
      .where(eq(jobs.id, similar));
    const before = await get(first, path);
    expect(before.cache).toBe('miss');
    expect((await get(first, path)).cache).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const after = await get(first, path);
    expect(after.cache).toBe('miss');
    expect(after.html).not.toMatch(new RegExp(`href="/job/[^"]*-${similar}"`));
    // As in the test above: archive both now, so that the runner's write does not land in a later test.
    await db
      .update(jobs)
      .set({ state: 'archived' })
      .where(sql`${jobs.id} in (${unrelated}, ${similar})`);
  });

  it('never keeps a page with a form token, even for a visitor whose token cookie it does not set', async () => {
    const visitor = new BrowserSession(first.url);
    expect((await visitor.get('/user/login')).headers.get('set-cookie')).toMatch(/csrf-token/);
    const again = await visitor.get('/user/login');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    expect(again.headers.get('x-cache')).toBeNull();
    const token = /name="csrfToken" value="([^"]+)"/.exec(await again.text())?.[1];
    const stranger = await get(first, '/user/login');
    expect(stranger.cache).toBeNull();
    expect(token && stranger.html.includes(token)).toBe(false);
  });

  it('never answers a signed-in visitor from the cache, nor keeps what it renders for one', async () => {
    const { email } = await createUser(database.handle.db, {
      email: uniqueEmail('cache-reader'),
      roles: ['applicant'],
      password,
    });
    const { path } = await openJobPath(first, 3);
    await get(first, path);
    expect((await get(first, path)).cache).toBe('hit');

    const session = new BrowserSession(first.url);
    expect((await session.signIn(email, password)).status).toBe(302);
    const signedIn = await session.get(path);
    const signedInHtml = await signedIn.text();
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('etag')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedInHtml).toContain(email);

    const anonymous = await get(first, path);
    expect(anonymous.cache).toBe('hit');
    expect(anonymous.html).not.toContain(email);
    // A tag an anonymous visitor got does not turn a signed-in request into a 304.
    const revalidated = await session.get(path, { 'if-none-match': anonymous.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(200);
  });
});

describe('on the embedded database', () => {
  let server: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'jobboard-page-cache-'));
  const ownerEmail = uniqueEmail('page-cache-owner');
  let organizationId: number;
  const organizationPath = () => `/organization/${organizationId}`;

  beforeAll(async () => {
    // The first start seeds the demo data; the test adds its rows while the server is down (PGlite is
    // single-process), then starts it again on the same directory.
    const seeded = await startServer({}, dataDir);
    await seeded.halt();
    const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      const owner = await createUser(handle.db, { email: ownerEmail, roles: ['recruiter'], password });
      const organization = await createOrganization(handle.db, {
        published: true,
        owner,
        members: [{ user: owner, isOwner: true }],
      });
      organizationId = organization.id;
    } finally {
      await handle.close();
    }
    server = await startServer({}, dataDir);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('drops its pages when the server itself writes content (an attachment upload)', async () => {
    await get(server, organizationPath());
    expect((await get(server, organizationPath())).cache).toBe('hit');

    const session = new BrowserSession(server.url);
    expect((await session.signIn(ownerEmail, password)).status).toBe(302);
    const token: string = (await session.session())?.jwt ?? '';
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: `mutation attach($organizationId: Int!, $file: File!) {
          addOrganizationAttachment(organizationId: $organizationId, file: $file) { id }
        }`,
        variables: { organizationId, file: null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'flyer.pdf', { type: 'application/pdf' }));
    const upload = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: server.url },
      body: form,
    });
    expect(upload.status).toBe(200);
    const result = (await upload.json()) as { data?: { addOrganizationAttachment?: { id: number } } };
    expect(result.data?.addOrganizationAttachment?.id).toBeGreaterThan(0);

    expect((await get(server, organizationPath())).cache).toBe('miss');
    expect((await get(server, organizationPath())).cache).toBe('hit');
  });
});
