import type { IResolvers } from '@graphql-tools/utils';
import type { GraphQLContext } from './context.ts';

/** A domain's part of the schema: SDL plus thin resolvers that call its services. */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: IResolvers<unknown, GraphQLContext>;
}

/** Marks a template literal as GraphQL SDL (for editors); returns it unchanged. */
export const gql = String.raw;
