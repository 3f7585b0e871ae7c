import { signupMethods } from '../../../lib/analytics/browser-event.ts';
import { dispatchEvents } from '../../../lib/analytics/dispatch.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { recordDispatchEvent } from './record-dispatch-event.ts';
import { recordSignupStart } from './record-signup-start.ts';

/** First-party measurement events (SPEC sections 2 and 4): the only writer of analytics_events. */
export const analyticsModule: GraphQLModule = {
  typeDefs: gql`
    "What the dispatch parameter names after sign-in or sign-up (SPEC section 2)."
    enum DispatchEvent {
      ${dispatchEvents.join('\n')}
    }

    "The social provider a new account signed up with (SPEC section 4)."
    enum SignupMethod {
      ${signupMethods.join('\n')}
    }

    extend type Mutation {
      "Records a dispatch event with the page's path, for the signed-in user if there is one."
      recordDispatchEvent(event: DispatchEvent!, path: String!): Boolean!
      """
      Records the signup-start of a new social sign-up, once per user. Only the site's own request for a
      session that began with that sign-up may (FORBIDDEN otherwise).
      """
      recordSignupStart(method: SignupMethod!): Boolean!
    }
  `,
  resolvers: {
    Mutation: {
      recordDispatchEvent: async (_parent, args: unknown, context: GraphQLContext) => {
        await recordDispatchEvent({ db: context.db, viewer: context.viewer, input: args });
        return true;
      },
      recordSignupStart: async (_parent, args: unknown, context: GraphQLContext) => {
        await recordSignupStart({
          db: context.db,
          viewer: context.viewer,
          signupStart: context.signupStart,
          input: args,
        });
        return true;
      },
    },
  },
};
