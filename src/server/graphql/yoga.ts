import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { GraphQLError } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { Brand } from '../../../brands/index.ts';
import type { Database } from '../db/index.ts';
import { AppError, toGraphQLError } from '../errors.ts';
import { createContext, type GraphQLContext } from './context.ts';
import { schema } from './schema.ts';

/** Limits that keep one request from costing the server more than a page does. */
export const queryLimits: QueryLimits = { maxDepth: 10, maxCost: 5000, maxAliases: 15 };

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  maxAliases: number;
}

export interface GraphQLServerOptions {
  getDatabase: () => Promise<Database>;
  defaultBrand: Brand;
  authSecret: () => Uint8Array;
  /** Production hides introspection and GraphiQL. */
  production: boolean;
  limits?: Partial<QueryLimits>;
  logError?: (error: unknown) => void;
}

export type GraphQLServer = YogaServerInstance<object, GraphQLContext>;

/**
 * GraphQL errors are recognised by name, not `instanceof`: graphql ships ESM and CJS builds, and an error
 * created by one copy fails `instanceof` against the other.
 */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** Expected errors keep their code and message; anything else is logged and reaches clients masked. */
function maskError(error: unknown, logError: (error: unknown) => void): Error {
  const original = isGraphQLError(error) ? (error.originalError ?? undefined) : error;
  if (original instanceof AppError) {
    const masked = toGraphQLError(original);
    return isGraphQLError(error)
      ? new GraphQLError(masked.message, { nodes: error.nodes, path: error.path, extensions: masked.extensions })
      : masked;
  }
  // GraphQL's own errors (syntax, validation, variables) and deliberate GraphQLErrors are meant for clients.
  if (isGraphQLError(error) && (original === undefined || isGraphQLError(original))) {
    return original ?? error;
  }
  logError(original ?? error);
  return new GraphQLError('Unexpected error.', {
    path: isGraphQLError(error) ? error.path : undefined,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

export function createGraphQLServer(options: GraphQLServerOptions): GraphQLServer {
  const logError = options.logError ?? ((error: unknown) => console.error('GraphQL resolver failed', error));
  const limits = { ...queryLimits, ...options.limits };
  return createYoga<object, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Astro endpoints must return Astro's own Response class (DESIGN.md stack notes).
    fetchAPI: { Response },
    graphiql: !options.production,
    // SPEC section 5 allows 50 MB attachments; the multipart envelope needs a little more.
    maxRequestBodySize: 52_000_000,
    landingPage: false,
    logging: false,
    maskedErrors: { maskError: (error) => maskError(error, logError) },
    context: async ({ request }) =>
      createContext(request, {
        db: await options.getDatabase(),
        defaultBrand: options.defaultBrand,
        authSecret: options.authSecret(),
      }),
    plugins: [
      maxDepthPlugin({ n: limits.maxDepth, exposeLimits: true }),
      costLimitPlugin({ maxCost: limits.maxCost, exposeLimits: true }),
      maxAliasesPlugin({ n: limits.maxAliases, exposeLimits: true }),
      ...(options.production ? [useDisableIntrospection()] : []),
    ],
  });
}
