import { createSchema } from 'graphql-yoga';
import type { GraphQLContext } from './context.ts';
import { baseModule } from '../modules/base/index.ts';
import { appConfigModule } from '../modules/app-config/index.ts';
import { routingModule } from '../modules/routing/index.ts';

/** Every module contributes its SDL and resolvers; the schema is built once per process. */
const modules = [baseModule, appConfigModule, routingModule];

export const schema = createSchema<GraphQLContext>({
  typeDefs: modules.map((module) => module.typeDefs),
  resolvers: modules.map((module) => module.resolvers),
});
