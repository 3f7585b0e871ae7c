import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { brands } from '../../brands';
import type { TypedOperation } from '../../src/lib/backend-client';
import { issueBackendToken } from '../../src/server/auth/backend-token';
import { userRoles, users, type RoleId } from '../../src/server/db/schema/users';
import { createTestDatabase, type TestDatabase, type TestDialect } from '../../src/server/db/testing';
import type { ServerContext } from '../../src/server/graphql/context';
import { createGraphQLServer, type GraphQLServer } from '../../src/server/graphql/yoga';
import { signInToken } from './factories';

export const testSecret = new TextEncoder().encode('integration-test-secret-0123456789abcdef');

export interface GraphQLResponseBody<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string; [key: string]: unknown } }[];
}

/**
 * What a request carries: a bearer token, headers, and the server context the caller of the server's
 * `fetch` hands over (POST /graphql: the client address; the site's in-process client: also the session's
 * signup-start flag).
 */
export interface TestRequestOptions {
  token?: string;
  headers?: Record<string, string>;
  serverContext?: ServerContext;
}

export interface TestBackend extends TestDatabase {
  server: GraphQLServer;
  /** POST /graphql with a JSON body, as the site and islands send it. */
  post<TData = Record<string, unknown>>(
    body: { query: string; variables?: Record<string, unknown>; operationName?: string },
    options?: TestRequestOptions,
  ): Promise<{ status: number; body: GraphQLResponseBody<TData> }>;
  /**
   * Runs one of the site's operations (src/lib/operations, src/features/<domain>/operations.ts) with
   * variables of its generated type; the response body's data has the operation's result type.
   */
  request<TData, TVariables extends Record<string, unknown>>(
    operation: TypedOperation<TData, TVariables>,
    variables: NoInfer<TVariables>,
    options?: TestRequestOptions,
  ): Promise<{ status: number; body: GraphQLResponseBody<TData> }>;
  /** A backend token as sign-in issues it (with its auth_sessions row); `issuedAt` back-dates it. */
  tokenFor(user: { id: number; roles: RoleId[] }, issuedAt?: Date): Promise<string>;
}

/**
 * The JSON body the site's backend client sends for one of its operations. Any variables: tests also send
 * the site's documents with variables of the wrong shape, to see them refused.
 */
export function operationBody(
  operation: TypedOperation<unknown, unknown>,
  variables?: Record<string, unknown>,
): { operationName: string; query: string; variables?: Record<string, unknown> } {
  return { operationName: operation.operationName, query: operation.query, ...(variables ? { variables } : {}) };
}

/** The GraphQL server over a fresh database of one dialect, driven through its HTTP handler. */
export async function createTestBackend(
  dialect: TestDialect,
  options: {
    production?: boolean;
    limits?: Parameters<typeof createGraphQLServer>[0]['limits'];
    /** Called with the SQL of every statement, to count the queries a request makes. */
    onQuery?: (sql: string) => void;
  } = {},
): Promise<TestBackend> {
  const database = await createTestDatabase(dialect, { onQuery: options.onQuery });
  const server = createGraphQLServer({
    getDatabase: () => Promise.resolve(database.handle.db),
    defaultBrand: brands.tagblatt,
    authSecret: () => testSecret,
    production: options.production ?? false,
    limits: options.limits,
    logError: () => undefined,
  });
  const post: TestBackend['post'] = async (body, requestOptions = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...requestOptions.headers };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    const response = await server.fetch(
      'http://localhost/graphql',
      { method: 'POST', headers, body: JSON.stringify(body) },
      requestOptions.serverContext ?? {},
    );
    return { status: response.status, body: (await response.json()) as GraphQLResponseBody<never> };
  };
  return {
    ...database,
    server,
    post,
    request: (operation, variables, requestOptions) => post(operationBody(operation, variables), requestOptions),
    // Signing in: the user holds these roles in the database (where the backend reads them) and in the token.
    tokenFor: async (user, issuedAt) => {
      if (user.roles.length > 0) {
        await database.handle.db
          .insert(userRoles)
          .values(user.roles.map((role) => ({ userId: user.id, role })))
          .onConflictDoNothing();
      }
      // Sign-in opens a session row; a user that does not exist gets an id no row has.
      const { db } = database.handle;
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
      if (existing) return signInToken(db, testSecret, user, issuedAt);
      return issueBackendToken(testSecret, { ...user, sessionId: randomUUID() }, issuedAt);
    },
  };
}
