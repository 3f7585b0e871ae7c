import type { IResolvers } from '@graphql-tools/utils';
import type { GraphQLContext } from './context.ts';

/** A domain's part of the schema: SDL plus thin resolvers that call its services. */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: IResolvers<unknown, GraphQLContext>;
}

/** Marks a template literal as GraphQL SDL (for editors); returns it unchanged. */
export const gql = String.raw;

/** A resolver's arguments, handed to the services unchecked: each service parses them with its zod schema. */
export type ResolverArgs = Record<string, unknown>;

/** What the domain services take from a request's context: the database, the viewer, loaders, brand, language. */
export const serviceOptionsOf = (context: GraphQLContext) => ({
  db: context.db,
  viewer: context.viewer,
  loaders: context.loaders,
  brand: context.brand,
  locale: context.locale,
});
