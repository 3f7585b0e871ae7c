/**
 * The one way pages and islands talk to the data: GraphQL operations (SPEC.md section 7).
 *
 * Isomorphic and framework-free: the browser uses the HTTP transport, the server injects an in-process
 * executor. Both transports funnel into `readExecutionResult`, so the SPEC.md section 8 error mapping lives
 * in one place and pages behave the same whichever transport runs.
 */

import { GraphQLClient } from 'graphql-request';
import type { OperationTypes } from '../operations/generated/types.ts';

// ---------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------

/** Variables of an operation: a JSON object. */
export type OperationVariables = Record<string, unknown>;

declare const operationTypes: unique symbol;

/**
 * A GraphQL document plus the name of the operation to run, carrying its result and variables types.
 * The types are phantom: they exist only for the compiler, the runtime value is `{ operationName, query }`.
 */
export interface TypedOperation<TData, TVariables> {
  readonly operationName: string;
  readonly query: string;
  readonly [operationTypes]?: { readonly data: TData; readonly variables: TVariables };
}

/** The result type of an operation, e.g. `OperationData<typeof getUser>`. */
export type OperationData<TOperation> = TOperation extends TypedOperation<infer TData, unknown> ? TData : never;

/** The variables type of an operation, e.g. `OperationVariablesOf<typeof getUser>`. */
export type OperationVariablesOf<TOperation> =
  TOperation extends TypedOperation<unknown, infer TVariables> ? TVariables : never;

/** The name of an operation of the site, as GraphQL Code Generator found it. */
export type OperationName = keyof OperationTypes;

/**
 * Declares an operation. Its result and variables types are the ones generated for `operationName` from
 * the schema (`npm run codegen`, decision 0012), so they are never written by hand; a name the generator
 * has not seen does not compile. Write the query as a template literal right after a `GraphQL` block
 * comment, in src/lib/operations/ or a feature's operations.ts, where the generator finds it. Throws at
 * module load when `query` does not define an operation named `operationName`, because the types would
 * belong to another operation.
 */
export function defineOperation<TName extends OperationName>(
  operationName: TName,
  query: string,
): TypedOperation<OperationTypes[TName]['data'], OperationTypes[TName]['variables']> {
  if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(operationName)) {
    throw new TypeError(`Invalid GraphQL operation name: ${JSON.stringify(operationName)}`);
  }
  if (!new RegExp(`\\b(?:query|mutation|subscription)\\s+${operationName}\\b`).test(query)) {
    throw new TypeError(`The query does not define an operation named ${operationName}`);
  }
  return { operationName, query };
}

// ---------------------------------------------------------------------------------------------------------
// Request headers
// ---------------------------------------------------------------------------------------------------------

/** The frontend (brand) a request is made for and the language it is shown in. */
export interface FrontendInfo {
  readonly name: string;
  readonly locale: string;
}

export const FRONTEND_HEADER = 'frontend';
export const VISUAL_EDITOR_HEADER = 'x-visual-editor';

// Both parts travel in one header value, so neither may contain the separator or anything outside ASCII.
const FRONTEND_PART = /^[A-Za-z0-9_-]+$/;

/** `{ name: 'tagblatt', locale: 'de' }` → `tagblatt;de`. Throws on a part the header cannot carry. */
export function formatFrontendHeader(frontend: FrontendInfo): string {
  for (const [label, value] of [
    ['name', frontend.name],
    ['locale', frontend.locale],
  ] as const) {
    if (!FRONTEND_PART.test(value)) {
      throw new RangeError(`Invalid frontend ${label} for the ${FRONTEND_HEADER} header: ${JSON.stringify(value)}`);
    }
  }
  return `${frontend.name};${frontend.locale}`;
}

/** `tagblatt;de` → `{ name: 'tagblatt', locale: 'de' }`; `null` for a missing or malformed header. */
export function parseFrontendHeader(value: string | null | undefined): FrontendInfo | null {
  if (value == null) return null;
  const parts = value.split(';').map((part) => part.trim());
  if (parts.length !== 2) return null;
  const [name, locale] = parts;
  if (name === undefined || locale === undefined) return null;
  if (!FRONTEND_PART.test(name) || !FRONTEND_PART.test(locale)) return null;
  return { name, locale };
}

/** True when the page was opened from the visual editor (`?visual_editor=true`). */
export function isVisualEditorRequest(url: URL): boolean {
  return url.searchParams.get('visual_editor') === 'true';
}

interface HeaderOptions {
  readonly token?: string | null | undefined;
  readonly frontend: FrontendInfo;
  readonly visualEditor?: boolean | undefined;
}

function buildRequestHeaders(options: HeaderOptions): Headers {
  const headers = new Headers({
    accept: 'application/graphql-response+json, application/json',
    'content-type': 'application/json',
    [FRONTEND_HEADER]: formatFrontendHeader(options.frontend),
  });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.visualEditor) headers.set(VISUAL_EDITOR_HEADER, 'true');
  return headers;
}

// ---------------------------------------------------------------------------------------------------------
// Errors (SPEC.md section 8)
// ---------------------------------------------------------------------------------------------------------

export type BackendErrorCode = 'HTTP_STATUS' | 'MISSING_RESPONSE' | 'PARSE_ERROR' | 'GRAPHQL';

export const MISSING_RESPONSE_MESSAGE = 'Server response was missing for query';

/** One entry of a GraphQL response's `errors` list. */
export interface BackendGraphQLErrorEntry {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly locations?: readonly { readonly line: number; readonly column: number }[];
  readonly extensions?: Readonly<Record<string, unknown>> & { readonly code?: string };
}

/** The request never produced a usable GraphQL result: bad status, unparsable or empty body. */
export class BackendTransportError extends Error {
  override readonly name = 'BackendTransportError';
  readonly code: Exclude<BackendErrorCode, 'GRAPHQL'>;
  readonly operationName: string;
  /** The HTTP status, when the HTTP transport received a response. */
  readonly status: number | undefined;

  constructor(options: {
    code: Exclude<BackendErrorCode, 'GRAPHQL'>;
    message: string;
    operationName: string;
    status?: number | undefined;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.operationName = options.operationName;
    this.status = options.status;
  }
}

/** The backend answered with GraphQL `errors`; `data` holds whatever partial result came with them. */
export class BackendGraphQLError extends Error {
  override readonly name = 'BackendGraphQLError';
  readonly code = 'GRAPHQL' as const;
  readonly operationName: string;
  readonly errors: readonly BackendGraphQLErrorEntry[];
  readonly data: unknown;

  constructor(options: { operationName: string; errors: readonly BackendGraphQLErrorEntry[]; data: unknown }) {
    super(options.errors.map((error) => error.message).join('\n'));
    this.operationName = options.operationName;
    this.errors = options.errors;
    this.data = options.data;
  }

  /** The `extensions.code` values, e.g. to tell FORBIDDEN from BAD_USER_INPUT. */
  get errorCodes(): string[] {
    return this.errors.flatMap((error) => (error.extensions?.code === undefined ? [] : [error.extensions.code]));
  }
}

export type BackendError = BackendTransportError | BackendGraphQLError;

export function isBackendError(error: unknown): error is BackendError {
  return error instanceof BackendTransportError || error instanceof BackendGraphQLError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toErrorEntry(value: unknown): BackendGraphQLErrorEntry {
  if (!isRecord(value)) return { message: String(value) };
  const extensions = isRecord(value.extensions) ? value.extensions : undefined;
  return {
    message: typeof value.message === 'string' ? value.message : 'Unknown GraphQL error',
    ...(Array.isArray(value.path) ? { path: value.path as (string | number)[] } : {}),
    ...(Array.isArray(value.locations) ? { locations: value.locations as { line: number; column: number }[] } : {}),
    ...(extensions === undefined
      ? {}
      : { extensions: { ...extensions, code: typeof extensions.code === 'string' ? extensions.code : undefined } }),
  };
}

/**
 * The single place where a GraphQL result becomes data or a typed error (SPEC.md sections 7 and 8).
 * Used by both transports. A `data: null` without errors counts as missing: no root field can be null
 * unless an error says why.
 */
function readExecutionResult<TData>(result: unknown, operationName: string): TData {
  const data = isRecord(result) ? result.data : undefined;
  const rawErrors = isRecord(result) ? result.errors : undefined;
  const errors = Array.isArray(rawErrors)
    ? rawErrors.map(toErrorEntry)
    : rawErrors == null
      ? []
      : [toErrorEntry(rawErrors)];
  if (errors.length > 0) {
    throw new BackendGraphQLError({ operationName, errors, data: data ?? null });
  }
  if (data == null) {
    throw new BackendTransportError({ code: 'MISSING_RESPONSE', message: MISSING_RESPONSE_MESSAGE, operationName });
  }
  return data as TData;
}

/** Throws HTTP_STATUS for a response of 300 or more (a redirect is a failure, not something to follow). */
async function refuseUnsuccessful(response: Response, operationName: string): Promise<void> {
  // With `redirect: 'manual'` browsers hand back an opaque redirect (status 0) instead of the 3xx itself.
  if (response.status >= 300 || response.type === 'opaqueredirect') {
    await response.body?.cancel().catch(() => undefined);
    throw new BackendTransportError({
      code: 'HTTP_STATUS',
      message: `Response not successful: Received status code ${response.status}`,
      operationName,
      status: response.status,
    });
  }
}

/** A response body (or an event's data) as JSON; PARSE_ERROR with the engine's own message otherwise. */
function parseResult(text: string, operationName: string, status: number | undefined): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Keep the engine's own message (e.g. "Unexpected token 'o', ...").
    throw new BackendTransportError({
      code: 'PARSE_ERROR',
      message: error instanceof Error ? error.message : 'The backend response could not be parsed as JSON',
      operationName,
      status,
      cause: error,
    });
  }
}

/**
 * A fetch for graphql-request that applies the status check, then the body parse, then the result check,
 * in the order SPEC.md section 8 lists them, and hands graphql-request only well-formed results.
 */
function checkedFetch(fetchOverride: typeof fetch | undefined, operationName: string): typeof fetch {
  return async (input, init) => {
    // Resolved per request and called unbound: browsers reject `fetch` called as a method.
    const fetchImpl = fetchOverride ?? globalThis.fetch;
    // A redirect is a failure (status must be under 300), not something to follow.
    const response = await fetchImpl(input, { ...init, redirect: 'manual' });
    await refuseUnsuccessful(response, operationName);
    const text = await response.text();
    const result = parseResult(text, operationName, response.status);
    // Throws MISSING_RESPONSE for a body with neither data nor errors; GraphQL errors pass on as a result.
    if (!(isRecord(result) && Array.isArray(result.errors) && result.errors.length > 0)) {
      readExecutionResult(result, operationName);
    }
    return new Response(text, { status: response.status, headers: { 'content-type': 'application/json' } });
  };
}

// ---------------------------------------------------------------------------------------------------------
// Client
// ---------------------------------------------------------------------------------------------------------

/** What the in-process executor receives: the same body and headers the HTTP endpoint would. */
export interface InProcessRequest {
  readonly operationName: string;
  readonly query: string;
  readonly variables: OperationVariables;
  readonly headers: Headers;
}

/** A GraphQL execution result as the server produces it; checked like an HTTP response body. */
export interface InProcessResult {
  readonly data?: unknown;
  readonly errors?: readonly { readonly message: string; readonly extensions?: Record<string, unknown> }[];
}

export type BackendTransport =
  | { readonly kind: 'http'; readonly endpoint: string; readonly fetch?: typeof fetch }
  | {
      readonly kind: 'in-process';
      readonly execute: (request: InProcessRequest) => Promise<InProcessResult>;
      /** Runs a subscription: its results one by one (a refused one is a single result with errors). */
      readonly stream?: (request: InProcessRequest) => AsyncIterable<InProcessResult>;
    };

export interface BackendClientOptions {
  readonly transport: BackendTransport;
  /** The session's access token; sent as a bearer token when present. */
  readonly token?: string | null;
  readonly frontend: FrontendInfo;
  /** Set when the page was opened with `?visual_editor=true` (see `isVisualEditorRequest`). */
  readonly visualEditor?: boolean;
}

export interface BackendClient {
  /**
   * Runs one operation. Resolves with its data or rejects with a `BackendTransportError` or
   * `BackendGraphQLError`; network failures of the HTTP transport reject with the `fetch` error unchanged.
   */
  request<TData, TVariables>(
    operation: TypedOperation<TData, TVariables>,
    // NoInfer: the operation alone fixes the variables type, so `{}` cannot widen it and skip required ones.
    variables: NoInfer<TVariables>,
  ): Promise<TData>;
  /**
   * Runs a subscription and yields each event's data as it arrives (GraphQL over server-sent events on the
   * HTTP transport). An event with errors rejects with a `BackendGraphQLError`, like `request`; stopping the
   * iteration early ends the subscription on the server.
   */
  subscribe<TData, TVariables>(
    operation: TypedOperation<TData, TVariables>,
    variables: NoInfer<TVariables>,
  ): AsyncGenerator<TData, void, undefined>;
}

/** The `data:` of each `next` event of a GraphQL-over-SSE response, parsed, until `complete`. */
async function* serverSentResults(response: Response, operationName: string): AsyncGenerator<unknown> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (event === 'complete') return;
        if (event !== 'next' || data.length === 0) continue;
        yield parseResult(data.join('\n'), operationName, response.status);
      }
    }
  } finally {
    // Also when the caller stopped early: closing the response ends the subscription on the server.
    await reader.cancel().catch(() => undefined);
  }
}

export function createBackendClient(options: BackendClientOptions): BackendClient {
  const { transport } = options;
  // Fail on a bad frontend when the client is made, not on its first request.
  formatFrontendHeader(options.frontend);

  return {
    async request<TData, TVariables>(
      operation: TypedOperation<TData, TVariables>,
      variables: NoInfer<TVariables>,
    ): Promise<TData> {
      const { operationName, query } = operation;
      // Variables are a plain JSON object by construction of the operation types.
      const body = { operationName, variables: variables as OperationVariables, query };
      const headers = buildRequestHeaders(options);

      switch (transport.kind) {
        case 'http': {
          // graphql-request builds and sends the request; the fetch it is given checks every response first,
          // so the SPEC.md section 8 failures surface with their exact messages before it parses anything.
          const client = new GraphQLClient(transport.endpoint, {
            method: 'POST',
            headers,
            errorPolicy: 'all',
            fetch: checkedFetch(transport.fetch, operationName),
          });
          const result = await client.rawRequest<TData>(query, body.variables);
          return readExecutionResult<TData>(result, operationName);
        }
        case 'in-process': {
          const result = await transport.execute({ ...body, headers });
          return readExecutionResult<TData>(result, operationName);
        }
      }
    },

    async *subscribe<TData, TVariables>(
      operation: TypedOperation<TData, TVariables>,
      variables: NoInfer<TVariables>,
    ): AsyncGenerator<TData, void, undefined> {
      const { operationName, query } = operation;
      const body = { operationName, variables: variables as OperationVariables, query };
      const headers = buildRequestHeaders(options);
      if (transport.kind === 'in-process') {
        if (!transport.stream) throw new TypeError('This in-process transport cannot run subscriptions');
        for await (const result of transport.stream({ ...body, headers })) {
          yield readExecutionResult<TData>(result, operationName);
        }
        return;
      }
      headers.set('accept', 'text/event-stream');
      const fetchImpl = transport.fetch ?? globalThis.fetch;
      const response = await fetchImpl(transport.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        redirect: 'manual',
      });
      await refuseUnsuccessful(response, operationName);
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        // A request refused before the stream began may answer with one JSON result.
        yield readExecutionResult<TData>(
          parseResult(await response.text(), operationName, response.status),
          operationName,
        );
        return;
      }
      for await (const result of serverSentResults(response, operationName)) {
        yield readExecutionResult<TData>(result, operationName);
      }
    },
  };
}
