/**
 * The AI job description (SPEC section 9) against a loopback OpenAI-compatible server: what is sent to the
 * provider (model, temperature 0.5, max tokens 1500, the job's language), the draft as it streams through
 * the jobDescriptionDraft subscription (POST /graphql as server-sent events, and the site's in-process
 * client), the refusals (who may, configured or not, bad input, drafts per hour) and the failures after
 * the draft began (provider error, time limit), on both databases.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobDescriptionAvailable, jobDescriptionDraft } from '../../src/features/job-description/operations';
import { BackendGraphQLError, createBackendClient } from '../../src/lib/backend-client';
import type { JobDescriptionInput } from '../../src/lib/job-description';
import type { AiDescriptionSettings } from '../../src/server/config';
import { AppError } from '../../src/server/errors';
import { streamInProcess } from '../../src/server/graphql/in-process';
import { startJobDescriptionDraft } from '../../src/server/modules/job-description/draft-job-description';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createUser } from '../support/factories';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../support/openai-server';
import { testDialects } from '../../src/server/db/testing';

const provider = await startFakeOpenAiServer();
// Read once by getConfig() on first use (the resolvers'); the service tests pass their own settings.
process.env.AI_DESCRIPTION_BASE_URL = provider.baseURL;
process.env.AI_DESCRIPTION_API_KEY = 'sk-test-key';
process.env.AI_DESCRIPTION_MODEL = 'jobwriter-1';
process.env.AI_DESCRIPTION_TIMEOUT_SECONDS = '2';
process.env.RATE_LIMIT_AI_DESCRIPTIONS_PER_HOUR = '50';

afterAll(() => provider.stop());
afterEach(() => {
  provider.requests.length = 0;
  provider.reply = { kind: 'stream', pieces: [] };
});

const job: JobDescriptionInput = {
  language: 'de',
  title: 'Pflegefachkraft (m/w/d)',
  organization: 'Kreisklinik Tübingen',
  locations: ['Tübingen', 'Reutlingen'],
  employmentTypes: ['Vollzeit'],
  occupationalFields: ['Gesundheit und Soziales'],
  yearsOfExperience: '1–3 Jahre',
  salary: '3.400–3.900 EUR pro Monat',
  skills: ['Grundpflege'],
};

const settingsFor = (server: FakeOpenAiServer, overrides: Partial<AiDescriptionSettings> = {}) => ({
  baseURL: server.baseURL,
  apiKey: 'sk-test-key',
  model: 'jobwriter-1',
  timeoutMs: 2000,
  draftsPerHour: 50,
  ...overrides,
});

/** The events of a GraphQL-over-SSE response: each `next` event's parsed data. */
async function sseEvents(
  response: Response,
): Promise<{ data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: next'))
    .map(
      (block) =>
        JSON.parse(
          block
            .split('\n')
            .find((line) => line.startsWith('data:'))!
            .slice(5),
        ) as never,
    );
}

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
}

describe.each(testDialects)('AI job description (%s)', (dialect) => {
  let backend: TestBackend;
  let recruiterToken: string;
  let staffToken: string;
  let applicantToken: string;
  let recruiter: { userId: number; roles: ['recruiter'] };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    const recruiterUser = await createUser(db, { roles: ['recruiter'] });
    recruiter = { userId: recruiterUser.id, roles: ['recruiter'] };
    recruiterToken = await backend.tokenFor({ id: recruiterUser.id, roles: ['recruiter'] });
    const staff = await createUser(db, { roles: ['job_editor'] });
    staffToken = await backend.tokenFor({ id: staff.id, roles: ['job_editor'] });
    const applicant = await createUser(db, { roles: ['applicant'] });
    applicantToken = await backend.tokenFor({ id: applicant.id, roles: ['applicant'] });
  });
  afterAll(() => backend.dispose());

  const subscribe = (token: string | undefined, input: unknown, locale = 'de') =>
    backend.server.fetch(
      'http://localhost/graphql',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          frontend: `jobregio;${locale}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({
          operationName: jobDescriptionDraft.operationName,
          query: jobDescriptionDraft.query,
          variables: { input },
        }),
      },
      {},
    );

  /** The site's backend client on this test server: in-process (as pages use it) or over HTTP (BACKEND_URL). */
  const siteClient = (kind: 'in-process' | 'http', token: string, locale: string) =>
    createBackendClient({
      transport:
        kind === 'in-process'
          ? {
              kind,
              execute: () => Promise.reject(new Error('only subscriptions here')),
              stream: (request) => streamInProcess(backend.server, request, {}),
            }
          : {
              kind,
              endpoint: 'http://localhost/graphql',
              fetch: async (url, init) => backend.server.fetch(new Request(url, init), {}),
            },
      token,
      frontend: { name: 'jobregio', locale },
    });

  it('sends the model, temperature 0.5, max tokens 1500 and the job in its language, and streams the reply', async () => {
    provider.reply = { kind: 'stream', pieces: ['Über uns\n', 'Die Kreisklinik ', 'sucht Sie.'] };
    const response = await subscribe(recruiterToken, job);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await sseEvents(response);
    expect(events).toEqual([
      { data: { jobDescriptionDraft: { text: 'Über uns\n' } } },
      { data: { jobDescriptionDraft: { text: 'Die Kreisklinik ' } } },
      { data: { jobDescriptionDraft: { text: 'sucht Sie.' } } },
    ]);
    expect(provider.requests).toHaveLength(1);
    const [sent] = provider.requests;
    expect(sent).toMatchObject({ model: 'jobwriter-1', temperature: 0.5, max_tokens: 1500, stream: true });
    expect(provider.authorizations.at(-1)).toBe('Bearer sk-test-key');
    const [system, user] = sent!.messages;
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content).toContain('Schreibe auf Deutsch');
    expect(user!.content).toContain('Sprache der Anzeige: Deutsch');
    expect(user!.content).toContain('- Stellentitel: Pflegefachkraft (m/w/d)');
    expect(user!.content).toContain('- Arbeitgeber: Kreisklinik Tübingen');
    expect(user!.content).toContain('- Arbeitsort: Tübingen, Reutlingen');
    expect(user!.content).toContain('- Gehalt: 3.400–3.900 EUR pro Monat');
    expect(user!.content).not.toContain('Abschluss'); // empty fields are left out
  });

  it.each([
    ['en', 'in English', 'language of the ad: English', '- Job title: Nurse'],
    ['fr', 'en français', 'langue de l’annonce : français', '- Intitulé du poste : Nurse'],
  ] as const)('asks for a %s ad in that language', async (language, instruction, intro, titleLine) => {
    provider.reply = { kind: 'stream', pieces: ['ok'] };
    const events = await sseEvents(await subscribe(staffToken, { language, title: 'Nurse' }));
    expect(events).toEqual([{ data: { jobDescriptionDraft: { text: 'ok' } } }]);
    const [system, user] = provider.requests.at(-1)!.messages;
    expect(system!.content).toContain(instruction);
    expect(user!.content).toContain(intro);
    expect(user!.content).toContain(titleLine);
  });

  it.each(['in-process', 'http'] as const)('streams through the site’s %s client piece by piece', async (kind) => {
    provider.reply = { kind: 'stream', pieces: ['Your ', 'tasks'], pauseMs: 20 };
    const pieces: string[] = [];
    const draft = siteClient(kind, recruiterToken, 'en-GB').subscribe(jobDescriptionDraft, {
      input: { ...job, language: 'en' },
    });
    for await (const event of draft) pieces.push(event.jobDescriptionDraft.text);
    expect(pieces).toEqual(['Your ', 'tasks']);
  });

  it('is offered to recruiters and staff only', async () => {
    const availableTo = async (token?: string) =>
      (await backend.request(jobDescriptionAvailable, {}, token ? { token } : {})).body.data?.jobDescriptionAvailable;
    expect(await availableTo(recruiterToken)).toBe(true);
    expect(await availableTo(staffToken)).toBe(true);
    expect(await availableTo(applicantToken)).toBe(false);
    expect(await availableTo()).toBe(false);
  });

  it('refuses anonymous visitors and applicants before anything reaches the provider, in their language', async () => {
    const anonymous = await sseEvents(await subscribe(undefined, job, 'fr'));
    expect(anonymous[0]?.errors?.[0]).toMatchObject({
      message: 'Veuillez vous connecter pour effectuer cette action.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const applicant = await sseEvents(await subscribe(applicantToken, job, 'de'));
    expect(applicant[0]?.errors?.[0]).toMatchObject({
      message: 'Dazu sind Sie nicht berechtigt.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('refuses bad input with field errors', async () => {
    const events = await sseEvents(await subscribe(recruiterToken, { ...job, title: ' ', skills: ['x'.repeat(101)] }));
    expect(events[0]?.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { title: 'a title is needed to write a description', 'skills.0': 'at most 100 characters' },
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('ends the stream with UNAVAILABLE when the provider fails, in the visitor’s language', async () => {
    provider.reply = { kind: 'error', status: 500 };
    const events = await sseEvents(await subscribe(recruiterToken, job, 'en-GB'));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toBeNull();
    expect(events[0]?.errors?.[0]).toMatchObject({
      message: 'The AI service did not deliver a draft. Your text is kept; please try again later.',
      extensions: { code: 'UNAVAILABLE', messageKey: 'jobDescription.error.failed' },
    });
  });

  it('keeps the pieces already sent and ends with TIMEOUT when the provider stalls past the time limit', async () => {
    provider.reply = { kind: 'stall-after-first-piece', pieces: ['Wir bieten'] };
    const started = Date.now();
    const events = await sseEvents(await subscribe(recruiterToken, job, 'de'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(events[0]).toEqual({ data: { jobDescriptionDraft: { text: 'Wir bieten' } } });
    expect(events[1]?.errors?.[0]).toMatchObject({
      message:
        'Der Entwurf hat zu lange gedauert und wurde abgebrochen. Ihr Text bleibt erhalten; versuchen Sie es noch einmal.',
      extensions: { code: 'TIMEOUT' },
    });
    expect(events).toHaveLength(2);
  });

  describe('the service', () => {
    it('times out a provider that never answers', async () => {
      provider.reply = { kind: 'stall-before-response' };
      const draft = await startJobDescriptionDraft({
        db: backend.handle.db,
        viewer: recruiter,
        locale: 'fr',
        settings: settingsFor(provider, { timeoutMs: 300 }),
        input: job,
      });
      const error = await collect(draft).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'TIMEOUT', messageKey: 'jobDescription.error.timeout' });
    });

    it('stops the provider’s request when the caller stops reading', async () => {
      provider.reply = { kind: 'stream', pieces: ['a', 'b', 'c', 'd', 'e', 'f'], pauseMs: 100 };
      const draft = await startJobDescriptionDraft({
        db: backend.handle.db,
        viewer: recruiter,
        locale: 'de',
        settings: settingsFor(provider),
        input: job,
      });
      const left = provider.clientLeft();
      for await (const piece of draft) {
        expect(piece).toBe('a');
        break;
      }
      await left;
    });

    it('is unavailable when not configured', async () => {
      const error = await startJobDescriptionDraft({
        db: backend.handle.db,
        viewer: recruiter,
        locale: 'en-GB',
        settings: null,
        input: job,
      }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'The AI job description is not set up on this site.',
      });
    });

    it('allows the configured number of drafts per user and hour', async () => {
      const { db } = backend.handle;
      const user = await createUser(db, { roles: ['recruiter'] });
      const viewer = { userId: user.id, roles: ['recruiter'] as const };
      const start = () =>
        startJobDescriptionDraft({
          db,
          viewer,
          locale: 'de',
          settings: settingsFor(provider, { draftsPerHour: 2 }),
          input: job,
        });
      provider.reply = { kind: 'stream', pieces: ['x'] };
      expect(await collect(await start())).toBe('x');
      expect(await collect(await start())).toBe('x');
      const error = await start().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'RATE_LIMITED' });
      expect((error as Error).message).toMatch(
        /^Sie haben in der letzten Stunde viele Entwürfe erstellt\. Bitte versuchen Sie es in \d+ Minuten noch einmal\.$/,
      );
      expect(provider.requests).toHaveLength(2);
    });
  });

  it.each(['in-process', 'http'] as const)(
    'a refused draft reaches the site’s %s client as a BackendGraphQLError with its code',
    async (kind) => {
      const error = await siteClient(kind, applicantToken, 'de')
        .subscribe(jobDescriptionDraft, { input: job })
        .next()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackendGraphQLError);
      expect((error as BackendGraphQLError).errorCodes).toEqual(['FORBIDDEN']);
    },
  );

  it('a draft that times out ends the site’s client with TIMEOUT after the pieces already sent', async () => {
    provider.reply = { kind: 'stall-after-first-piece', pieces: ['Wir bieten'] };
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const event of siteClient('http', recruiterToken, 'de').subscribe(jobDescriptionDraft, {
        input: job,
      })) {
        pieces.push(event.jobDescriptionDraft.text);
      }
    })().catch((caught: unknown) => caught);
    expect(pieces).toEqual(['Wir bieten']);
    expect((error as BackendGraphQLError).errorCodes).toEqual(['TIMEOUT']);
  });
});
