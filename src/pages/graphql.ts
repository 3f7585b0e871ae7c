import type { APIRoute } from 'astro';
import { getGraphQLServer } from '../server/graphql/instance';

/** The GraphQL API (SPEC section 7): JSON POST, GraphQL multipart uploads, GraphiQL outside production. */
export const ALL: APIRoute = ({ request }) => getGraphQLServer().fetch(request);
