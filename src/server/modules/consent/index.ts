import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { contentLanguageOf } from '../base/terms.ts';
import { createGdprUserConsent } from './create-gdpr-user-consent.ts';
import { getGdprConsentInfos } from './get-gdpr-consent-infos.ts';
import { hasTheLatestConsent } from './has-the-latest-consent.ts';

export const consentModule: GraphQLModule = {
  typeDefs: gql`
    "A consent text (terms, privacy policy, newsletter…) in the wording of its latest revision."
    type GdprConsentInfo {
      id: Int!
      type: String!
      "Whether the visitor must actively opt in (an unticked checkbox) rather than opt out."
      optIn: Boolean!
      "The text in the requested language, German when it is not translated."
      text: String!
      placement: String
      "The language version of the latest revision the text comes from."
      revisionId: Int!
    }

    "Proof that an e-mail address agreed to one revision of a consent text."
    type GdprUserConsent {
      id: Int!
      mail: String!
      infoId: Int!
      infoRevisionId: Int!
    }

    type CreateGdprUserConsentResult {
      "Why no consent was recorded although the input was valid; empty on success."
      errors: [String!]!
      consent: GdprUserConsent
    }

    type LatestConsentStatus {
      hasConsented: Boolean!
      "Whether the viewer agreed to an earlier revision of the text (the modal asks about its changes)."
      hasConsentedBefore: Boolean!
      "The consent text to agree to; null when none has the type and placement."
      infoId: Int
      "Its latest revision in the visitor's language; null when it has no wording yet."
      revisionId: Int
    }

    extend type Query {
      """
      Consent texts with their latest wording. sorting: created_asc (default) or created_desc; limit 1 to 100;
      language de, en or fr (default: the frontend's language); path matches the revision's path.
      """
      getGdprConsentInfos(
        id: Int
        type: String
        limit: Int = 10
        offset: Int = 0
        sorting: String
        placement: String
        language: String
        path: String
      ): [GdprConsentInfo!]!
      "Whether the signed-in visitor agreed to the latest revision of the consent text; false for anonymous visitors."
      hasTheLatestConsent(type: String!, placement: String!): LatestConsentStatus!
    }

    extend type Mutation {
      "Records that mail agreed to the latest revision of a consent text (linked to the signed-in user)."
      createGdprUserConsent(mail: String!, infoId: Int!): CreateGdprUserConsentResult!
    }
  `,
  resolvers: {
    Query: {
      getGdprConsentInfos: (_parent, args: unknown, context) =>
        getGdprConsentInfos({ db: context.db, language: contentLanguageOf(context.locale), input: args }),
      hasTheLatestConsent: (_parent, args: unknown, context) =>
        hasTheLatestConsent({
          db: context.db,
          viewer: context.viewer,
          language: contentLanguageOf(context.locale),
          input: args,
        }),
    },
    Mutation: {
      createGdprUserConsent: (_parent, args: unknown, context) =>
        createGdprUserConsent({
          db: context.db,
          viewer: context.viewer,
          language: contentLanguageOf(context.locale),
          input: args,
        }),
    },
  },
};
