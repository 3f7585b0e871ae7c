import type { APIRoute } from 'astro';
import { limitGraphQLRequest } from '../server/graphql/http-rate-limits';
import { getGraphQLServer } from '../server/graphql/instance';

/**
 * The GraphQL API (SPEC section 7): JSON POST, GraphQL multipart uploads, GraphiQL outside production. The
 * connection's address goes to the resolvers as server context (rate limits, audit rows), never a header.
 */
export const ALL: APIRoute = async ({ request, clientAddress }) =>
  (await limitGraphQLRequest(request, clientAddress)) ??
  getGraphQLServer().fetch(request, { clientAddress: clientAddress ?? null });
