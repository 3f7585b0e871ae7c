import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { getAppConfig } from './get-app-config.ts';

export const appConfigModule: GraphQLModule = {
  typeDefs: gql`
    type AppConfigEntry {
      name: String!
      key: String!
      value: String
    }

    extend type Query {
      "Application config entries; an empty list when there are none."
      getAppConfig(name: String, key: String): [AppConfigEntry!]!
    }
  `,
  resolvers: {
    Query: {
      getAppConfig: (_parent, args: unknown, context) => getAppConfig({ db: context.db, input: args }),
    },
  },
};
