import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { gql, type GraphQLModule } from '../../graphql/module.ts';

const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An instant as an ISO 8601 string in UTC, e.g. 2026-11-22T09:00:00.000Z.',
  serialize: (value) => {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date.');
    return date.toISOString();
  },
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string.');
    return date;
  },
  parseLiteral: (node) => {
    const date = node.kind === Kind.STRING ? new Date(node.value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string.');
    return date;
  },
});

/** Types every module shares. Upload fields use yoga's File scalar (GraphQL multipart request spec). */
export const baseModule: GraphQLModule = {
  typeDefs: gql`
    scalar DateTime
    scalar File

    "A meta tag of a page head: name or property, and its content."
    type Metatag {
      meta: String!
      value: String!
    }

    "A taxonomy term as shown to visitors, in the request's language."
    type TermRef {
      tid: Int!
      "Stable machine name within its vocabulary, e.g. vollzeit."
      slug: String!
      label: String!
    }

    type Query {
      "The API version; lets monitoring check the endpoint."
      apiVersion: String!
    }

    type Mutation {
      "Does nothing; modules extend Mutation with their operations."
      noop: Boolean
    }
  `,
  resolvers: {
    DateTime,
    Query: { apiVersion: () => '1' },
    Mutation: { noop: () => null },
  },
};
