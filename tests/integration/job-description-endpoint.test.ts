/**
 * POST /api/job-description on the built server (PostgreSQL, so the test can add users) with a loopback
 * OpenAI-compatible provider: what the job form's "Generate description" button receives. A signed-in
 * recruiter gets the draft as NDJSON lines; refusals answer with their status and a message in the
 * visitor's language; a failure after the draft began ends the stream with an error line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import type { JobDescriptionInput, JobDescriptionStreamLine } from '../../src/lib/job-description';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { BrowserSession } from '../support/browser-session';
import { createUser } from '../support/factories';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/openai-server';
import { reservePort, startServer, type RunningServer } from '../support/server';

let database: TestDatabase;
let provider: FakeOpenAiServer;
let server: RunningServer;
const password = 'correct-horse-battery';
const en = createTranslator('en-GB');
const fr = createTranslator('fr');
const de = createTranslator('de');

beforeAll(async () => {
  [database, provider] = await Promise.all([createTestDatabase('postgres'), startFakeOpenAiServer()]);
  const port = await reservePort();
  server = await startServer({
    FRONTEND: 'jobregio',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.databaseUrl!,
    AUTH_SECRET: 'job-description-test-secret-0123456789abcdef',
    AI_DESCRIPTION_BASE_URL: provider.baseURL,
    AI_DESCRIPTION_MODEL: 'jobwriter-1',
    AI_DESCRIPTION_TIMEOUT_SECONDS: '1',
    RATE_LIMIT_AI_DESCRIPTIONS_PER_HOUR: '3',
  });
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await database?.dispose();
});
afterEach(() => {
  provider.requests.length = 0;
});

const job: JobDescriptionInput = {
  language: 'en',
  title: 'Warehouse operative',
  organization: 'Spedition Haller',
  locations: ['Reutlingen'],
  employmentTypes: ['Full time'],
};

async function signedIn(roles: ('recruiter' | 'applicant' | 'job_editor')[]): Promise<BrowserSession> {
  const user = await createUser(database.handle.db, { roles, password });
  const session = new BrowserSession(server.url);
  expect((await session.signIn(user.email, password)).status).toBe(302);
  return session;
}

function postDraft(session: BrowserSession | null, body: string, options: { locale?: string; origin?: string } = {}) {
  return fetch(`${server.url}/api/job-description?locale=${options.locale ?? 'en-GB'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: options.origin ?? server.url,
      ...(session ? { cookie: session.cookieHeader() } : {}),
    },
    body,
  });
}

async function linesOf(response: Response): Promise<JobDescriptionStreamLine[]> {
  return (await response.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JobDescriptionStreamLine);
}

describe('POST /api/job-description', () => {
  it('streams a recruiter’s draft as NDJSON lines, asked with the model, 0.5, 1500 tokens and the job’s language', async () => {
    provider.reply = { kind: 'stream', pieces: ['About us\n', 'Spedition Haller ', 'moves goods.'], pauseMs: 30 };
    const response = await postDraft(await signedIn(['recruiter']), JSON.stringify(job));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await linesOf(response)).toEqual([
      { text: 'About us\n' },
      { text: 'Spedition Haller ' },
      { text: 'moves goods.' },
      { done: true },
    ]);
    expect(provider.requests).toHaveLength(1);
    const [sent] = provider.requests;
    expect(sent).toMatchObject({ model: 'jobwriter-1', temperature: 0.5, max_tokens: 1500, stream: true });
    expect(sent!.messages[0]!.content).toContain('in English');
    expect(sent!.messages[1]!.content).toContain('- Job title: Warehouse operative');
  });

  it('refuses visitors without a session, applicants and cross-site pages, in the visitor’s language', async () => {
    const anonymous = await postDraft(null, JSON.stringify(job), { locale: 'fr' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: fr('jobDescription.error.session') },
    });
    const applicant = await postDraft(await signedIn(['applicant']), JSON.stringify(job), { locale: 'de' });
    expect(applicant.status).toBe(403);
    expect(await applicant.json()).toEqual({ error: { code: 'FORBIDDEN', message: de('error.forbidden') } });
    const crossSite = await postDraft(await signedIn(['recruiter']), JSON.stringify(job), {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(provider.requests).toHaveLength(0);
  });

  it('refuses bad input with field errors and a body over 32 KB with 413', async () => {
    const session = await signedIn(['job_editor']);
    const bad = await postDraft(session, JSON.stringify({ ...job, language: 'es', title: '' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: 'BAD_USER_INPUT',
        message: en('jobDescription.error.input'),
        fieldErrors: { language: 'expected one of de, en, fr', title: 'a title is needed to write a description' },
      },
    });
    const large = await postDraft(session, JSON.stringify({ ...job, title: 'x'.repeat(40_000) }));
    expect(large.status).toBe(413);
    expect(provider.requests).toHaveLength(0);
  });

  it('answers 503 when the provider fails before the first piece', async () => {
    provider.reply = { kind: 'error', status: 500 };
    const response = await postDraft(await signedIn(['recruiter']), JSON.stringify(job), { locale: 'fr' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: fr('jobDescription.error.failed') },
    });
  });

  it('keeps the pieces already sent and ends with a TIMEOUT line when the provider stalls', async () => {
    provider.reply = { kind: 'stall-after-first-piece', pieces: ['Your tasks'] };
    const response = await postDraft(await signedIn(['recruiter']), JSON.stringify(job));
    expect(response.status).toBe(200);
    expect(await linesOf(response)).toEqual([
      { text: 'Your tasks' },
      { error: { code: 'TIMEOUT', message: en('jobDescription.error.timeout') } },
    ]);
  });

  it('allows three drafts per user and hour, then 429', async () => {
    provider.reply = { kind: 'stream', pieces: ['ok'] };
    const session = await signedIn(['recruiter']);
    for (let draft = 0; draft < 3; draft++) {
      expect((await postDraft(session, JSON.stringify(job))).status).toBe(200);
    }
    const refused = await postDraft(session, JSON.stringify(job));
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(
      /^You have asked for many drafts in the last hour\. Please try again in \d+ minutes\.$/,
    );
    expect(provider.requests).toHaveLength(3);
  });

  it('stops the provider’s request when the browser goes away', async () => {
    provider.reply = {
      kind: 'stream',
      pieces: Array.from({ length: 40 }, (_, index) => `piece ${index} `),
      pauseMs: 50,
    };
    const controller = new AbortController();
    const left = provider.clientLeft();
    const response = await fetch(`${server.url}/api/job-description?locale=en-GB`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: (await signedIn(['recruiter'])).cookieHeader(),
      },
      body: JSON.stringify(job),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await left;
  });
});
