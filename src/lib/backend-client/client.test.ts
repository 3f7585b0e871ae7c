// eslint-disable-next-line no-restricted-imports -- tests start a real HTTP server
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
// eslint-disable-next-line no-restricted-imports -- tests start a real HTTP server
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  BackendGraphQLError,
  BackendTransportError,
  createBackendClient,
  defineOperation,
  formatFrontendHeader,
  isVisualEditorRequest,
  parseFrontendHeader,
  type BackendClientOptions,
  type InProcessRequest,
  type InProcessResult,
  type OperationVariablesOf,
} from './index';
import type { getRoutInfoQuery, getRoutInfoQueryVariables } from '../operations/generated/types';
import { getRoutInfo } from '../operations/routing';

const variables = { slug: '/jobs', language: 'de' };
const redirect = { getRoutInfo: { __typename: 'RouteRedirect', code: 301, target: '/stellen' } } as const;
const notFound = { getRoutInfo: { __typename: 'RouteError', code: 404, reason: 'not found' } } as const;
const frontend = { name: 'tagblatt', locale: 'de' };

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Each path answers one way, like the cases of SPEC.md section 8. */
const routes: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  '/ok': { status: 200, body: JSON.stringify({ data: redirect }) },
  '/server-error': { status: 500, body: JSON.stringify({ errors: [{ message: 'Internal' }] }) },
  '/redirect': { status: 302, body: '', headers: { location: '/ok' } },
  '/empty': { status: 200, body: '{}' },
  '/not-json': { status: 200, body: 'not json' },
  '/forbidden': {
    status: 200,
    body: JSON.stringify({
      data: { getRoutInfo: null },
      errors: [{ message: 'Forbidden', path: ['getRoutInfo'], extensions: { code: 'FORBIDDEN' } }],
    }),
  },
};

let server: Server;
let baseUrl: string;
const received: ReceivedRequest[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const route = routes[request.url ?? ''] ?? { status: 404, body: 'no such route' };
      response.writeHead(route.status, { 'content-type': 'application/json', ...route.headers });
      response.end(route.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  received.length = 0;
});

function httpClient(path: string, extra: Partial<BackendClientOptions> = {}) {
  return createBackendClient({ transport: { kind: 'http', endpoint: `${baseUrl}${path}` }, frontend, ...extra });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('HTTP transport against a real server', () => {
  it('POSTs JSON {operationName, variables, query} and resolves with data', async () => {
    const data = await httpClient('/ok').request(getRoutInfo, variables);

    expect(data).toEqual(redirect);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      operationName: 'getRoutInfo',
      variables: { slug: '/jobs', language: 'de' },
      query: getRoutInfo.query,
    });
  });

  it('sends the frontend header, and neither Authorization nor x-visual-editor by default', async () => {
    await httpClient('/ok').request(getRoutInfo, variables);

    const headers = received[0]?.headers ?? {};
    expect(headers.frontend).toBe('tagblatt;de');
    expect(headers).not.toHaveProperty('authorization');
    expect(headers).not.toHaveProperty('x-visual-editor');
  });

  it('treats a null token like no token', async () => {
    await httpClient('/ok', { token: null }).request(getRoutInfo, variables);

    expect(received[0]?.headers).not.toHaveProperty('authorization');
  });

  it('sends the bearer token and the visual-editor flag when given', async () => {
    await httpClient('/ok', { token: 'secret-token', visualEditor: true }).request(getRoutInfo, variables);

    const headers = received[0]?.headers ?? {};
    expect(headers.authorization).toBe('Bearer secret-token');
    expect(headers['x-visual-editor']).toBe('true');
    expect(headers.frontend).toBe('tagblatt;de');
  });

  it.each([
    ['/server-error', 500],
    ['/redirect', 302],
  ])('rejects %s with the status-code error (SPEC 8)', async (path, status) => {
    const error = await rejectionOf(httpClient(path).request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(BackendTransportError);
    expect(error).toMatchObject({
      name: 'BackendTransportError',
      code: 'HTTP_STATUS',
      status,
      operationName: 'getRoutInfo',
      message: `Response not successful: Received status code ${status}`,
    });
  });

  it('does not follow a redirect', async () => {
    await rejectionOf(httpClient('/redirect').request(getRoutInfo, variables));

    expect(received.map((request) => request.url)).toEqual(['/redirect']);
  });

  it('rejects a body with neither data nor errors as a missing response (SPEC 8)', async () => {
    const error = await rejectionOf(httpClient('/empty').request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(BackendTransportError);
    expect(error).toMatchObject({ code: 'MISSING_RESPONSE', message: 'Server response was missing for query' });
  });

  it('rejects an unparsable body with a parse error (SPEC 8)', async () => {
    const error = await rejectionOf(httpClient('/not-json').request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(BackendTransportError);
    expect(error).toMatchObject({ code: 'PARSE_ERROR', status: 200 });
    expect((error as Error).message).toMatch(/^Unexpected token/);
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('rejects GraphQL errors with the errors list and the partial data', async () => {
    const error = await rejectionOf(httpClient('/forbidden').request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(BackendGraphQLError);
    const graphQLError = error as BackendGraphQLError;
    expect(graphQLError.code).toBe('GRAPHQL');
    expect(graphQLError.message).toBe('Forbidden');
    expect(graphQLError.errors).toEqual([
      { message: 'Forbidden', path: ['getRoutInfo'], extensions: { code: 'FORBIDDEN' } },
    ]);
    expect(graphQLError.errorCodes).toEqual(['FORBIDDEN']);
    expect(graphQLError.data).toEqual({ getRoutInfo: null });
  });

  it('uses the fetch it is given', async () => {
    const urls: string[] = [];
    const client = createBackendClient({
      transport: {
        kind: 'http',
        endpoint: `${baseUrl}/ok`,
        fetch: (input, init) => {
          urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
          return fetch(input, init);
        },
      },
      frontend,
    });

    await client.request(getRoutInfo, variables);

    expect(urls).toEqual([`${baseUrl}/ok`]);
    expect(received).toHaveLength(1);
  });

  it('lets network failures through unchanged', async () => {
    const client = createBackendClient({ transport: { kind: 'http', endpoint: 'http://127.0.0.1:1/' }, frontend });

    const error = await rejectionOf(client.request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(TypeError);
  });
});

describe('in-process transport', () => {
  function inProcessClient(result: InProcessResult, extra: Partial<BackendClientOptions> = {}) {
    const calls: InProcessRequest[] = [];
    const client = createBackendClient({
      transport: {
        kind: 'in-process',
        execute: (request) => {
          calls.push(request);
          return Promise.resolve(result);
        },
      },
      frontend,
      ...extra,
    });
    return { client, calls };
  }

  it('hands the executor the operation, variables and the same headers as HTTP', async () => {
    const { client, calls } = inProcessClient({ data: notFound }, { token: 'secret-token', visualEditor: true });

    const data = await client.request(getRoutInfo, variables);

    expect(data).toEqual(notFound);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({ operationName: 'getRoutInfo', query: getRoutInfo.query, variables });
    expect(call?.headers.get('frontend')).toBe('tagblatt;de');
    expect(call?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(call?.headers.get('x-visual-editor')).toBe('true');
  });

  it('omits Authorization and x-visual-editor when not set', async () => {
    const { client, calls } = inProcessClient({ data: notFound });

    await client.request(getRoutInfo, variables);

    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.headers.has('x-visual-editor')).toBe(false);
  });

  it('rejects a result with neither data nor errors like the HTTP transport', async () => {
    const { client } = inProcessClient({});

    const error = await rejectionOf(client.request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(BackendTransportError);
    expect(error).toMatchObject({ code: 'MISSING_RESPONSE', message: 'Server response was missing for query' });
  });

  it('rejects null data without errors as missing', async () => {
    const { client } = inProcessClient({ data: null });

    const error = await rejectionOf(client.request(getRoutInfo, variables));

    expect(error).toMatchObject({ code: 'MISSING_RESPONSE' });
  });

  it('rejects GraphQL errors like the HTTP transport', async () => {
    const { client } = inProcessClient({
      errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }],
    });

    const error = await rejectionOf(client.request(getRoutInfo, variables));

    expect(error).toBeInstanceOf(BackendGraphQLError);
    expect(error).toMatchObject({
      code: 'GRAPHQL',
      message: 'Forbidden',
      errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }],
      data: null,
    });
  });

  it('treats an empty errors list as no errors', async () => {
    const { client } = inProcessClient({ data: notFound, errors: [] });

    await expect(client.request(getRoutInfo, variables)).resolves.toEqual(notFound);
  });
});

describe('defineOperation', () => {
  it('carries the operation name and query, typed by what the generator made of them', async () => {
    expect(getRoutInfo).toEqual({
      operationName: 'getRoutInfo',
      query: expect.stringMatching(/^\s*query getRoutInfo\(/) as unknown,
    });

    const client = createBackendClient({
      transport: { kind: 'in-process', execute: () => Promise.resolve({ data: notFound }) },
      frontend,
    });
    const data = await client.request(getRoutInfo, { slug: '/' });
    expectTypeOf(data).toEqualTypeOf<getRoutInfoQuery>();
    expectTypeOf<OperationVariablesOf<typeof getRoutInfo>>().toEqualTypeOf<getRoutInfoQueryVariables>();
    // @ts-expect-error -- the required `slug` variable is missing
    await client.request(getRoutInfo, {});
    // @ts-expect-error -- `slug` is a String in the schema
    await client.request(getRoutInfo, { slug: 1 });
  });

  it('refuses a query that does not define the named operation', () => {
    expect(() => defineOperation('getUser', 'query getUsers { users { id } }')).toThrow(
      'The query does not define an operation named getUser',
    );
    expect(defineOperation('getUser', 'mutation getUser { noop }').operationName).toBe('getUser');
  });

  it('takes only names the generator has seen, and refuses names GraphQL does not allow', () => {
    // @ts-expect-error -- no operation of the site is named deleteEverything
    expect(defineOperation('deleteEverything', 'mutation deleteEverything { noop }').operationName).toBe(
      'deleteEverything',
    );
    // @ts-expect-error -- not an operation of the site either
    expect(() => defineOperation('get user', 'query get user { id }')).toThrow('Invalid GraphQL operation name');
  });
});

describe('frontend header', () => {
  it('formats name and locale as <name>;<locale>', () => {
    expect(formatFrontendHeader({ name: 'tagblatt', locale: 'de' })).toBe('tagblatt;de');
  });

  it('parses what it formats', () => {
    const info = { name: 'zol-jobs', locale: 'de-CH' };
    expect(parseFrontendHeader(formatFrontendHeader(info))).toEqual(info);
    expect(parseFrontendHeader(' tagblatt ; en ')).toEqual({ name: 'tagblatt', locale: 'en' });
  });

  it.each([null, undefined, '', 'tagblatt', 'tagblatt;', ';de', 'a;b;c', 'tag blatt;de', 'tagblatt;dé'])(
    'rejects %j',
    (value) => {
      expect(parseFrontendHeader(value)).toBeNull();
    },
  );

  it('refuses a name or locale the header cannot carry', () => {
    expect(() => formatFrontendHeader({ name: 'tag;blatt', locale: 'de' })).toThrow(RangeError);
    expect(() => formatFrontendHeader({ name: 'tagblatt', locale: '' })).toThrow(RangeError);
    expect(() =>
      createBackendClient({ transport: { kind: 'http', endpoint: '/graphql' }, frontend: { name: '', locale: 'de' } }),
    ).toThrow(RangeError);
  });
});

describe('isVisualEditorRequest', () => {
  it.each([
    ['https://example.com/jobs?visual_editor=true', true],
    ['https://example.com/jobs?page=2&visual_editor=true', true],
    ['https://example.com/jobs', false],
    ['https://example.com/jobs?visual_editor=false', false],
    ['https://example.com/jobs?visual_editor=1', false],
    ['https://example.com/jobs?visual_editor', false],
  ])('%s → %s', (url, expected) => {
    expect(isVisualEditorRequest(new URL(url))).toBe(expected);
  });
});
