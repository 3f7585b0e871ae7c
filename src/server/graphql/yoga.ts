import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type DocumentNode, type ValidationRule } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Brand } from '../../../brands/index.ts';
import type { Database } from '../db/index.ts';
import { AppError, toGraphQLError } from '../errors.ts';
import { maxUploadRequestBytes } from '../http/body-limits.ts';
import { BoundedCache } from '../limits/bounded-cache.ts';
import { createContext, type GraphQLContext, type ServerContext } from './context.ts';
import { schema } from './schema.ts';
import { logUnexpected } from '../log.ts';

/**
 * Limits that keep one request from costing the server more than a page does. maxTokens is checked while
 * the document is lexed, so an oversized document is refused before any AST is built: the largest
 * operation the site sends (routePage in src/lib/operations/content.ts, the route lookup with the content
 * of every kind) has 240 tokens, jobById 122, searchJobs 78; 2,000 leaves room for API clients eight times
 * over.
 */
export const queryLimits: QueryLimits = { maxDepth: 10, maxCost: 5000, maxAliases: 15, maxTokens: 2000 };

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  maxAliases: number;
  maxTokens: number;
}

/**
 * Yoga keeps each document's parse (and, keyed by it, its validation) and each refused document's error,
 * keyed by the document's text; by default 1,024 of each whatever their size, which documents of up to
 * 2,000 tokens in a 100 KB body could grow to hundreds of MB. Bounded by bytes instead: a parsed document
 * holds about 100 bytes per character of its text (measured: 240 characters, 24 KB), so 16 MB keep some
 * 700 documents the size of the site's (all of its operations several times over); a refused one keeps its
 * text and the error.
 */
export const documentCacheBytes = 16 * 1024 * 1024;
export const errorCacheBytes = 2 * 1024 * 1024;

export interface DocumentCaches {
  documentCache: BoundedCache<DocumentNode>;
  errorCache: BoundedCache<unknown>;
}

export function createDocumentCaches(): DocumentCaches {
  return {
    documentCache: new BoundedCache({ maxBytes: documentCacheBytes, sizeOf: (text) => text.length * 100 }),
    errorCache: new BoundedCache({ maxBytes: errorCacheBytes, sizeOf: (text) => text.length * 2 + 1024 }),
  };
}

export interface GraphQLServerOptions {
  getDatabase: () => Promise<Database>;
  defaultBrand: Brand;
  authSecret: () => Uint8Array;
  /** Production hides introspection, GraphiQL and the "Did you mean …" suggestions of error messages. */
  production: boolean;
  /**
   * The one origin that may call cross-origin, with credentials (the site's public origin). Requests from
   * any other Origin get no CORS headers; unset allows none.
   */
  corsOrigin?: string;
  limits?: Partial<QueryLimits>;
  logError?: (error: unknown) => void;
  /** The parse and error caches (tests pass their own to look at them). */
  documentCaches?: DocumentCaches;
}

export type GraphQLServer = YogaServerInstance<ServerContext, GraphQLContext>;

/**
 * GraphQL errors are recognised by name, not `instanceof`: graphql ships ESM and CJS builds, and an error
 * created by one copy fails `instanceof` against the other.
 */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** graphql-js appends suggestions as " Did you mean …?" at the end of a message. */
const suggestionPattern = /\s*Did you mean [\s\S]*$/;

/**
 * Removes the "Did you mean …" suggestions from an error's message: they name fields, arguments, types and
 * enum values of the schema, which production keeps to itself (introspection is off there). The error is
 * changed in place: a new GraphQLError could come from the other graphql build, which yoga would not
 * recognise as a client error (see isGraphQLError).
 */
export function withoutSuggestions<TError extends Error>(error: TError): TError {
  error.message = error.message.replace(suggestionPattern, '');
  return error;
}

/** Validation errors do not pass through error masking: their suggestions are removed here. */
const hideValidationSuggestions: Plugin = {
  onValidate:
    () =>
    ({ result, setResult }) => {
      if (result.length > 0) setResult(result.map(withoutSuggestions));
    },
};

const introspectionTypes = new Set([
  '__Schema',
  '__Directive',
  '__DirectiveLocation',
  '__Type',
  '__Field',
  '__InputValue',
  '__EnumValue',
  '__TypeKind',
]);

/**
 * graphql-js's NoSchemaIntrospectionCustomRule, with the same error per field, but recognising types by
 * name: the rule's own type checks use `instanceof`, which fails (or throws, outside production) when the
 * schema's types come from graphql's other build (see isGraphQLError).
 */
const noSchemaIntrospection: ValidationRule = (context) => ({
  Field(node) {
    let type: unknown = context.getType();
    while (typeof type === 'object' && type !== null && 'ofType' in type && type.ofType) type = type.ofType;
    const name = typeof type === 'object' && type !== null && 'name' in type ? type.name : undefined;
    if (typeof name === 'string' && introspectionTypes.has(name)) {
      context.reportError(
        new GraphQLError(
          `GraphQL introspection has been disabled, but the requested query contained the field "${node.name.value}".`,
          { nodes: node },
        ),
      );
    }
  },
});

/**
 * Production refuses introspection, for every operation. (@graphql-yoga/plugin-disable-introspection adds
 * the same rule, but it marks requests while yoga parses HTTP requests, a step the site's in-process calls
 * skip: graphql/in-process.ts.)
 */
const disableIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => {
    addValidationRule(noSchemaIntrospection);
  },
};

/** Errors of documents refused by maxTokens. */
const tokenLimitErrors = new WeakSet<object>();

/** Expected errors keep their code and message; anything else is logged and reaches clients masked. */
function maskError(error: unknown, logError: (error: unknown) => void, production: boolean): Error {
  const original = isGraphQLError(error) ? (error.originalError ?? undefined) : error;
  if (original instanceof AppError) {
    const masked = toGraphQLError(original);
    return isGraphQLError(error)
      ? new GraphQLError(masked.message, { nodes: error.nodes, path: error.path, extensions: masked.extensions })
      : masked;
  }
  // GraphQL's own errors (syntax, validation, variables) and deliberate GraphQLErrors are meant for clients.
  if (isGraphQLError(error) && (original === undefined || isGraphQLError(original))) {
    const clientError = original ?? error;
    if (tokenLimitErrors.has(clientError)) {
      // A syntax error, which GraphQL over HTTP answers with 200 for application/json: a document this
      // large is refused with 400 whatever the client accepts.
      Object.assign(clientError.extensions, { http: { status: 400 } });
    }
    return production ? withoutSuggestions(clientError) : clientError;
  }
  logError(original ?? error);
  return new GraphQLError('Unexpected error.', {
    path: isGraphQLError(error) ? error.path : undefined,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

export function createGraphQLServer(options: GraphQLServerOptions): GraphQLServer {
  const logError = options.logError ?? ((error: unknown) => logUnexpected('graphql', 'resolver failed', error));
  const limits = { ...queryLimits, ...options.limits };
  const corsOrigin = options.corsOrigin;
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Astro endpoints must return Astro's own Response class (DESIGN.md stack notes).
    fetchAPI: { Response },
    graphiql: !options.production,
    // SPEC section 5 allows 50 MiB attachments; the multipart envelope needs a little more. JSON bodies are
    // held to far less before they reach the server (src/server/http/).
    maxRequestBodySize: maxUploadRequestBytes,
    landingPage: false,
    logging: false,
    cors: (request) => {
      const origin = request.headers.get('origin');
      return origin !== null && origin === corsOrigin ? { origin: [corsOrigin], credentials: true } : false;
    },
    maskedErrors: { maskError: (error) => maskError(error, logError, options.production) },
    parserAndValidationCache: options.documentCaches ?? createDocumentCaches(),
    // The server context comes from whoever calls `fetch` (POST /graphql, the site's in-process client).
    context: async ({ request, clientAddress, signupStart }) =>
      createContext(
        request,
        { db: await options.getDatabase(), defaultBrand: options.defaultBrand, authSecret: options.authSecret() },
        { clientAddress, signupStart },
      ),
    plugins: [
      maxTokensPlugin({
        n: limits.maxTokens,
        exposeLimits: true,
        onReject: [(_context, error) => tokenLimitErrors.add(error)],
      }),
      maxDepthPlugin({ n: limits.maxDepth, exposeLimits: true }),
      costLimitPlugin({ maxCost: limits.maxCost, exposeLimits: true }),
      maxAliasesPlugin({ n: limits.maxAliases, exposeLimits: true }),
      ...(options.production ? [disableIntrospection, hideValidationSuggestions] : []),
    ],
  });
}
