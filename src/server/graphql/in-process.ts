/**
 * The site's in-process GraphQL calls (src/server/backend.ts) without an HTTP exchange: the operation goes
 * straight to yoga's `getResultForParams`, the step POST /graphql reaches once it has read the request's
 * JSON body. Parsing (with yoga's document cache), validation, the limits (tokens, depth, cost, aliases),
 * introspection rules, the context (viewer, brand, loaders) and error masking are the same plugins on the
 * same yoga instance; skipped are only the HTTP parts: reading a body stream, CORS, and writing and reading
 * back a Response. The result is what POST /graphql's JSON body holds (tests/integration/in-process
 * .test.ts compares the two, errors and limits included).
 */
import type { ExecutionResult } from 'graphql';
import { isAsyncIterable, processRegularResult } from 'graphql-yoga';
import type { InProcessRequest, InProcessResult } from '../../lib/backend-client/index.ts';
import type { ServerContext } from './context.ts';
import type { GraphQLServer } from './yoga.ts';

const endpoint = 'http://in-process/graphql';

/** POST /graphql through the server's fetch: the answer for whatever the direct path does not handle. */
async function overHttp(
  server: GraphQLServer,
  { operationName, query, variables, headers }: InProcessRequest,
  serverContext: ServerContext,
): Promise<InProcessResult> {
  const withType = new Headers(headers);
  withType.set('content-type', 'application/json');
  const response = await server.fetch(
    endpoint,
    { method: 'POST', headers: withType, body: JSON.stringify({ operationName, query, variables }) },
    serverContext,
  );
  return (await response.json()) as InProcessResult;
}

type DirectResult = ExecutionResult | AsyncIterable<ExecutionResult> | undefined;

/**
 * The operation straight through yoga's `getResultForParams`; `null` when a hook failed before execution
 * (yoga answers that with a masked error, which the HTTP path words alike).
 */
async function directResult(
  server: GraphQLServer,
  { operationName, query, variables, headers }: InProcessRequest,
  serverContext: ServerContext,
): Promise<{ result: DirectResult } | null> {
  // The context reads the request's headers (bearer token, frontend, visual editor); no body is needed.
  const request = new Request(endpoint, { method: 'POST', headers });
  try {
    return {
      result: await server.getResultForParams(
        { params: { operationName, query, variables }, request },
        { ...serverContext },
      ),
    };
  } catch {
    return null;
  }
}

export async function executeInProcess(
  server: GraphQLServer,
  operation: InProcessRequest,
  serverContext: ServerContext,
): Promise<InProcessResult> {
  const direct = await directResult(server, operation, serverContext);
  const result = direct?.result;
  // Streams (subscriptions, @defer) are not what `request` asks for: the HTTP path answers them.
  if (result === undefined || isAsyncIterable(result)) return overHttp(server, operation, serverContext);
  return serialized(server, result);
}

/**
 * Errors and extensions as POST /graphql serialises them (internal extensions such as `http` removed); the
 * data through JSON as well, so the caller gets plain objects exactly as from the HTTP body.
 */
async function serialized(server: GraphQLServer, result: ExecutionResult): Promise<InProcessResult> {
  if (result.errors?.length || result.extensions) {
    return (await processRegularResult(result, server.fetchAPI, 'application/json').json()) as InProcessResult;
  }
  return JSON.parse(JSON.stringify(result)) as InProcessResult;
}

/**
 * A subscription of the site (the AI job description's draft) in-process: each event's result as
 * POST /graphql would send it as a server-sent event, through the same plugins (context, limits, masking).
 * A subscription refused before it starts is one result with errors. Stopping the iteration early ends the
 * subscription (its source stream's `return`).
 */
export async function* streamInProcess(
  server: GraphQLServer,
  operation: InProcessRequest,
  serverContext: ServerContext,
): AsyncGenerator<InProcessResult, void, undefined> {
  const direct = await directResult(server, operation, serverContext);
  if (direct === null) {
    yield await overHttp(server, operation, serverContext);
    return;
  }
  const { result } = direct;
  if (result === undefined) return;
  if (!isAsyncIterable(result)) {
    yield await serialized(server, result);
    return;
  }
  for await (const event of result) yield await serialized(server, event);
}
