/**
 * POST /graphql and uploads against the built server on PostgreSQL: parse limits that refuse oversized
 * documents while the server keeps serving, no schema suggestions in production, CORS only for the site,
 * rate limits shared by two processes on one database, uploads at the exact size limit, partial files
 * swept at start-up, and attachment and job PDF downloads for members of an unpublished organization.
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { rateLimitCounters } from '../../src/server/db/schema/auth';
import { organizationAttachments } from '../../src/server/db/schema/organizations';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { maxUploadBytes } from '../../src/server/http/body-limits';
import { searchJobs } from '../../src/lib/operations/search';
import { operationBody, type GraphQLResponseBody } from '../support/backend';
import { BrowserSession } from '../support/browser-session';
import { createOrganization, createUser, signInToken, type TestUser } from '../support/factories';
import { startServer, type RunningServer } from '../support/server';

const siteUrl = 'https://jobs.example';
const authSecret = 'graphql-hardening-secret-0123456789abcdef';
const password = 'correct-horse-battery';
const pdfBytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** A backend token as sign-in issues it: with a session row of its own (src/server/auth/auth-sessions.ts). */
const tokenFor = (db: Database, user: TestUser) => signInToken(db, new TextEncoder().encode(authSecret), user);

function postGraphQL(server: RunningServer, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const mutation = `mutation attach($organizationId: Int!, $file: File!) {
  addOrganizationAttachment(organizationId: $organizationId, file: $file) { id size }
}`;

/**
 * A GraphQL multipart request (operations, map, file) as the site's upload form sends it; Astro refuses
 * form content types without the same Origin (checkOrigin).
 */
function uploadForm(organizationId: number, bytes: Uint8Array<ArrayBuffer>, fileName: string): FormData {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: mutation, variables: { organizationId, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes], fileName, { type: 'application/pdf' }));
  return form;
}

async function upload(
  server: RunningServer,
  options: { organizationId: number; bytes: Uint8Array<ArrayBuffer>; fileName: string; token?: string },
): Promise<{ status: number; body: GraphQLResponseBody<{ addOrganizationAttachment: { id: number; size: number } }> }> {
  const headers: Record<string, string> = { origin: server.url };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers,
    body: uploadForm(options.organizationId, options.bytes, options.fileName),
  });
  return { status: response.status, body: (await response.json()) as GraphQLResponseBody<never> };
}

async function filesIn(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('one server', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let uploadDir: string;
  const abandonedPart = `${'ab'.repeat(16)}.pdf.0a1b2c3d.part`;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let unverified: TestUser;
  let draft: { id: number };
  let initech: { id: number };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const { db } = database.handle;
    const recruiter = (email: string, verified = true) =>
      createUser(db, { email, password, verified, roles: ['recruiter'] });
    owner = await recruiter('owner@draft.test');
    member = await recruiter('member@draft.test');
    stranger = await recruiter('someone@else.test');
    unverified = await recruiter('new@initech.test', false);
    draft = await createOrganization(db, { name: 'Entwurf GmbH', published: false, owner, members: [member] });
    initech = await createOrganization(db, { name: 'Initech', published: true, owner: unverified });

    // A partial file an interrupted upload left behind before this server started.
    uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-hardening-uploads-'));
    await mkdir(join(uploadDir, 'ab'));
    await writeFile(join(uploadDir, 'ab', abandonedPart), 'half a file');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await utimes(join(uploadDir, 'ab', abandonedPart), dayAgo, dayAgo);

    server = await startServer({
      DATABASE_URL: database.databaseUrl!,
      AUTH_SECRET: authSecret,
      SITE_URL: siteUrl,
      UPLOAD_DIR: uploadDir,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    await rm(uploadDir, { recursive: true, force: true });
  });

  describe('parse limits', () => {
    it('refuses a 24 MB document before reading it (413) while other requests are answered', async () => {
      const document = `query huge { ${'apiVersion '.repeat(2_400_000)}}`;
      expect(document.length).toBeGreaterThan(24_000_000);
      const started = Date.now();
      const [huge, ...others] = await Promise.all([
        postGraphQL(server, { query: document }),
        ...Array.from({ length: 3 }, () => postGraphQL(server, { query: 'query v { apiVersion }' })),
      ]);
      // The front door refuses the Content-Length above 100 KB (decision 0009); the parser never sees it.
      expect(huge.status).toBe(413);
      for (const other of others) expect(await other.json()).toEqual({ data: { apiVersion: '1' } });
      console.log(`24 MB document refused after ${Date.now() - started} ms`);
      expect(server.process.exitCode).toBeNull();
      expect((await postGraphQL(server, { query: 'query v { apiVersion }' })).status).toBe(200);
    });

    it('refuses a document of 10,000 tokens (under the body limit) with 400 while lexing', async () => {
      const fields = Array.from({ length: 10_000 }, (_, index) => `f${index}`).join(' ');
      expect(fields.length).toBeLessThan(100_000);
      const response = await postGraphQL(server, { query: `query many { ${fields} }` });
      expect(response.status).toBe(400);
      const body = (await response.json()) as GraphQLResponseBody;
      expect(body.errors?.[0]).toMatchObject({
        message: 'Syntax Error: Token limit of 2000 exceeded.',
        extensions: { code: 'GRAPHQL_PARSE_FAILED' },
      });
    });

    it('answers a misspelt field in production without suggesting the schema', async () => {
      const response = await postGraphQL(server, { query: 'query v { apiVersio }' });
      const body = (await response.json()) as GraphQLResponseBody;
      expect(body.errors?.[0]).toMatchObject({
        message: 'Cannot query field "apiVersio" on type "Query".',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      });
      const variables = await postGraphQL(server, operationBody(searchJobs, { input: { serch: 'Pflege' } }));
      const variablesBody = (await variables.json()) as GraphQLResponseBody;
      expect(variablesBody.errors?.[0]?.message).toContain('Field "serch" is not defined by type "JobSearchInput".');
      expect(JSON.stringify([body, variablesBody])).not.toMatch(/did you mean/i);
    });
  });

  describe('CORS', () => {
    const query = { query: 'query v { apiVersion }' };

    it('allows the site origin with credentials', async () => {
      const response = await postGraphQL(server, query, { origin: siteUrl });
      expect(response.headers.get('access-control-allow-origin')).toBe(siteUrl);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      const preflight = await fetch(`${server.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: siteUrl, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(siteUrl);
    });

    it('gives any other origin no CORS headers', async () => {
      for (const origin of ['https://evil.example', 'null', `${siteUrl}.evil.example`]) {
        const response = await postGraphQL(server, query, { origin });
        expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
        expect(response.headers.get('access-control-allow-credentials'), origin).toBeNull();
        const preflight = await fetch(`${server.url}/graphql`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization',
          },
        });
        expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
      }
    });
  });

  describe('uploads', () => {
    it('removed the partial file of an interrupted upload on first use of the storage', async () => {
      const { status } = await upload(server, {
        organizationId: draft.id,
        bytes: pdfBytes,
        fileName: 'broschuere.pdf',
        token: await tokenFor(database.handle.db, owner),
      });
      expect(status).toBe(200);
      const files = await filesIn(uploadDir);
      expect(files).not.toContain(abandonedPart);
      expect(files.filter((name) => name.endsWith('.part'))).toEqual([]);
    });

    it('accepts exactly 52,428,800 bytes and refuses one byte more, keeping nothing of it', async () => {
      const token = await tokenFor(database.handle.db, owner);
      const exact = new Uint8Array(maxUploadBytes).fill(0x20);
      exact.set(pdfBytes);
      const started = Date.now();
      const accepted = await upload(server, { organizationId: draft.id, bytes: exact, fileName: 'exact.pdf', token });
      console.log(`50 MiB upload stored in ${Date.now() - started} ms`);
      expect(accepted.body.errors).toBeUndefined();
      expect(accepted.body.data?.addOrganizationAttachment.size).toBe(maxUploadBytes);

      const filesBefore = await filesIn(uploadDir);
      const over = new Uint8Array(maxUploadBytes + 1).fill(0x20);
      over.set(pdfBytes);
      const refused = await upload(server, { organizationId: draft.id, bytes: over, fileName: 'over.pdf', token });
      expect(refused.body.errors?.[0]?.message).toBe('Die Datei ist größer als die erlaubten 50 MB.');
      expect(await filesIn(uploadDir)).toEqual(filesBefore);
    });

    it('refuses an upload by a user without a confirmed e-mail address', async () => {
      const { body } = await upload(server, {
        organizationId: initech.id,
        bytes: pdfBytes,
        fileName: 'a.pdf',
        token: await tokenFor(database.handle.db, unverified),
      });
      expect(body.errors?.[0]).toMatchObject({
        message: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse, bevor Sie Dateien hochladen.',
        extensions: { code: 'EMAIL_NOT_VERIFIED' },
      });
      expect(
        await database.handle.db
          .select()
          .from(organizationAttachments)
          .where(eq(organizationAttachments.organizationId, initech.id)),
      ).toEqual([]);
    });
  });

  describe('attachment downloads', () => {
    let attachmentId: number;
    beforeAll(async () => {
      const { body } = await upload(server, {
        organizationId: draft.id,
        bytes: pdfBytes,
        fileName: 'Unternehmensbroschüre.pdf',
        token: await tokenFor(database.handle.db, owner),
      });
      attachmentId = body.data!.addOrganizationAttachment.id;
    });

    const signedIn = async (user: TestUser) => {
      const session = new BrowserSession(server.url);
      expect((await session.signIn(user.email, password)).status).toBe(302);
      expect((await session.session())?.user.email).toBe(user.email);
      return session;
    };

    it('serves a file of an unpublished organization to its owner and members', async () => {
      for (const user of [owner, member]) {
        const response = await (await signedIn(user)).get(`/api/organization-attachments/${attachmentId}`);
        expect(response.status, user.email).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdfBytes);
      }
    });

    it('answers 404 to anonymous visitors, other recruiters and a forged session', async () => {
      const path = `/api/organization-attachments/${attachmentId}`;
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
      expect((await (await signedIn(stranger)).get(path)).status).toBe(404);
      const forged = await fetch(`${server.url}${path}`, {
        headers: { cookie: '__Secure-authjs.session-token=forged' },
      });
      expect(forged.status).toBe(404);
    });

    it('answers 404, never 500, to ids that are not numbers or beyond the integer range', async () => {
      const session = await signedIn(owner);
      for (const id of ['abc', '0', '-1', '1e3', '0x10', '2147483648', '99999999999999999999', '2147483647']) {
        const response = await session.get(`/api/organization-attachments/${id}`);
        expect(response.status, id).toBe(404);
      }
    });
  });

  describe('job PDF downloads', () => {
    let jobId: number;
    beforeAll(async () => {
      const token = await tokenFor(database.handle.db, member);
      const form = new FormData();
      const uploadJob = `mutation up($organizationId: Int!, $file: File!) {
        uploadJobFile(organizationId: $organizationId, file: $file) { file }
      }`;
      form.set('operations', JSON.stringify({ query: uploadJob, variables: { organizationId: draft.id, file: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new File([pdfBytes], 'Stellenanzeige.pdf', { type: 'application/pdf' }));
      const uploaded = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { origin: server.url, authorization: `Bearer ${token}` },
        body: form,
      });
      const { data } = (await uploaded.json()) as { data: { uploadJobFile: { file: string } } };
      const created = await postGraphQL(
        server,
        {
          query: `mutation c($input: JobInput!) { createJob(input: $input) { id } }`,
          variables: {
            input: {
              jobType: 'job_per_file',
              title: 'PDF-Stelle',
              organizationId: draft.id,
              file: data.uploadJobFile.file,
            },
          },
        },
        { authorization: `Bearer ${token}` },
      );
      jobId = ((await created.json()) as { data: { createJob: { id: number } } }).data.createJob.id;
    });

    it("serves a draft's PDF inline and sandboxed to its organization's recruiters, 404 to everyone else", async () => {
      const session = new BrowserSession(server.url);
      expect((await session.signIn(owner.email, password)).status).toBe(302);
      const response = await session.get(`/api/job-files/${jobId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `inline; filename*=UTF-8''${encodeURIComponent('Stellenanzeige.pdf')}`,
      );
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdfBytes);
      expect((await fetch(`${server.url}/api/job-files/${jobId}`)).status).toBe(404);
      for (const id of ['abc', '0', '-1', '2147483648']) {
        expect((await fetch(`${server.url}/api/job-files/${id}`)).status, id).toBe(404);
      }
    });
  });
});

/** Waits when less than `margin` seconds are left in the current window, so a test runs within one. */
async function awayFromWindowEnd(windowSeconds: number, marginSeconds = 15): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < marginSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 500));
}

describe('rate limits shared by two processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer;
  let uploader: TestUser;
  let otherUploader: TestUser;
  const env = () => ({
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: authSecret,
    SITE_URL: siteUrl,
    RATE_LIMIT_GRAPHQL_PER_MINUTE: '6',
    RATE_LIMIT_UPLOADS_PER_HOUR: '2',
    RATE_LIMIT_AUTH_LOG_PER_MINUTE: '3',
  });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const recruiter = (email: string) => createUser(database.handle.db, { email, password, roles: ['recruiter'] });
    uploader = await recruiter('uploader@limits.test');
    otherUploader = await recruiter('other@limits.test');
    // One after the other: each start migrates the database.
    first = await startServer(env());
    second = await startServer(env());
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.handle.db.delete(rateLimitCounters);
  });

  it('answers 429 with Retry-After after 6 GraphQL requests a minute, counted across both servers', async () => {
    await awayFromWindowEnd(60);
    const query = { query: 'query v { apiVersion }' };
    for (let index = 0; index < 6; index += 1) {
      const response = await postGraphQL(index % 2 === 0 ? first : second, query);
      expect(response.status, `request ${index + 1}`).toBe(200);
    }
    for (const server of [first, second]) {
      const refused = await postGraphQL(server, query);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        errors: [
          {
            message: 'Too many requests. Please wait a moment and try again.',
            extensions: { code: 'RATE_LIMITED' },
          },
        ],
      });
    }
    const german = await postGraphQL(first, query, { frontend: 'tagblatt;de' });
    expect(((await german.json()) as GraphQLResponseBody).errors?.[0]?.message).toBe(
      'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann noch einmal.',
    );
    // Pages query the same GraphQL server in-process; those calls are not counted.
    const page = await fetch(`${first.url}/`);
    expect(page.status).toBe(200);
    expect(first.output()).toContain('request refused: rate limit exceeded');
    const [counter] = await database.handle.db.select().from(rateLimitCounters);
    expect(counter?.hits).toBe(9);
  });

  it('allows 2 uploads an hour per user, whichever server takes them', async () => {
    await awayFromWindowEnd(60 * 60);
    const attempt = async (server: RunningServer, user: TestUser) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { origin: server.url, authorization: `Bearer ${await tokenFor(database.handle.db, user)}` },
        body: uploadForm(999_999, pdfBytes, 'a.pdf'),
      });
    // The organization does not exist: refused by the mutation, but counted like any upload.
    expect((await attempt(first, uploader)).status).toBe(200);
    expect((await attempt(second, uploader)).status).toBe(200);
    const refused = await attempt(first, uploader);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as GraphQLResponseBody).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await attempt(second, otherUploader)).status).toBe(200);
  });

  it('answers 429 to the fourth _log a minute', async () => {
    await awayFromWindowEnd(60);
    const log = (server: RunningServer) =>
      fetch(`${server.url}/api/auth/_log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'x' }),
      });
    // Without a CSRF token each one is refused (403), yet counted.
    for (const server of [first, second, first]) expect((await log(server)).status).toBe(403);
    const refused = await log(second);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
