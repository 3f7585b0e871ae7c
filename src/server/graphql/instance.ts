import { getAuthSecret } from '../auth/secret.ts';
import { getBrand } from '../brand.ts';
import { getConfig } from '../config.ts';
import { getDatabase } from '../db/index.ts';
import { publicOrigin } from '../public-origin.ts';
import { createGraphQLServer, type GraphQLServer } from './yoga.ts';

let server: GraphQLServer | undefined;

/** The process's GraphQL server: behind POST /graphql and behind the site's in-process backend client. */
export function getGraphQLServer(): GraphQLServer {
  server ??= createGraphQLServer({
    getDatabase: async () => (await getDatabase()).db,
    defaultBrand: getBrand(),
    authSecret: getAuthSecret,
    production: getConfig().NODE_ENV === 'production',
    corsOrigin: publicOrigin().origin,
  });
  return server;
}
