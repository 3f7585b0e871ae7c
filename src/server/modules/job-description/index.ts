import { jobDescriptionLanguages } from '../../../lib/job-description.ts';
import { aiDescriptionSettings, getConfig } from '../../config.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { jobDescriptionAvailable, startJobDescriptionDraft } from './draft-job-description.ts';

/** One event of a draft's stream: a piece of text, or the failure that ended it. */
type DraftPayload = { text: string } | { error: unknown };

/**
 * The draft's pieces as subscription events. A refusal (who asks, configuration, input, drafts per hour)
 * and a failure after the first piece (time limit, provider error) both become the stream's last event,
 * which `resolve` turns into that event's GraphQL error: every client gets it with its code in a stream
 * that answered 200 (a subscription refused before its stream would answer POST /graphql with a 500).
 */
async function* draftEvents(start: Promise<AsyncGenerator<string, void, undefined>>): AsyncGenerator<DraftPayload> {
  try {
    for await (const text of await start) yield { text };
  } catch (error) {
    yield { error };
  }
}

/** The AI job description (SPEC section 9): whether it is offered, and the draft as a stream. */
export const jobDescriptionModule: GraphQLModule = {
  typeDefs: gql`
    "A language a job description is written in (SPEC section 9)."
    enum JobDescriptionLanguage {
      ${jobDescriptionLanguages.join('\n')}
    }

    """
    What an AI draft of a job description is written from: the job's fields as the form shows them (labels,
    not ids). Limits: title and organization up to 255 characters, other texts up to 200, each list up to
    10 entries of up to 100 characters.
    """
    input JobDescriptionInput {
      language: JobDescriptionLanguage!
      title: String!
      organization: String
      locations: [String!]
      remoteOptions: [String!]
      employmentTypes: [String!]
      occupationalFields: [String!]
      degreeLevel: String
      yearsOfExperience: String
      salary: String
      languages: [String!]
      skills: [String!]
    }

    "A piece of a draft, in the order written."
    type JobDescriptionChunk {
      text: String!
    }

    extend type Query {
      "Whether the AI job description is configured and the viewer (a recruiter or staff) may use it."
      jobDescriptionAvailable: Boolean!
    }

    type Subscription {
      """
      An AI draft of a job description, streamed as it is written (recruiters and staff). A refused draft is
      one event with an error: UNAUTHENTICATED, FORBIDDEN, UNAVAILABLE (not configured), BAD_USER_INPUT or
      RATE_LIMITED, before anything reaches the provider; a draft that fails later ends with an event
      carrying TIMEOUT or UNAVAILABLE.
      """
      jobDescriptionDraft(input: JobDescriptionInput!): JobDescriptionChunk!
    }
  `,
  resolvers: {
    Query: {
      jobDescriptionAvailable: (_parent, _args, context: GraphQLContext) =>
        jobDescriptionAvailable(context.viewer, aiDescriptionSettings(getConfig())),
    },
    Subscription: {
      jobDescriptionDraft: {
        subscribe: (_parent, args: { input?: unknown }, context: GraphQLContext) => {
          const start = startJobDescriptionDraft({
            db: context.db,
            viewer: context.viewer,
            locale: context.locale,
            settings: aiDescriptionSettings(getConfig()),
            input: args.input,
          });
          // Handled by draftEvents; also when the client leaves before the stream is read.
          start.catch(() => undefined);
          return draftEvents(start);
        },
        resolve: (payload: DraftPayload) => {
          if ('error' in payload) throw payload.error;
          return payload;
        },
      },
    },
  },
};
