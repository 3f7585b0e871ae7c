import { AppError } from '../../errors.ts';
import { gql, serviceOptionsOf, type GraphQLModule } from '../../graphql/module.ts';
import { contentLanguageOf } from '../base/terms.ts';
import { createGdprUserConsent } from './create-gdpr-user-consent.ts';
import { getGdprConsentInfos } from './get-gdpr-consent-infos.ts';
import { consentTokenPurposes } from './consent-links.ts';
import { hasTheLatestConsent } from './has-the-latest-consent.ts';
import {
  confirmGdprConsent,
  consentOfToken,
  listGdprConsents,
  withdrawGdprConsent,
  withdrawGdprConsentByToken,
} from './manage-gdpr-consents.ts';

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

    "Proof that an e-mail address agreed to one revision of a consent text: what, when, where, how, and its withdrawal."
    type GdprUserConsent {
      id: Int!
      mail: String!
      infoId: Int!
      infoRevisionId: Int!
      "The consent text's type and the revision number agreed to."
      type: String!
      revision: Int!
      "Where the text was shown."
      placement: String
      "session (in the address owner's own session) or email (proven by the double opt-in link)."
      method: String!
      createdAt: DateTime!
      "When the consent was proven; null while a consent by e-mail waits for its confirmation link."
      verifiedAt: DateTime
      withdrawnAt: DateTime
      "session or email: how it was withdrawn."
      withdrawalMethod: String
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
      "The consent records of the viewer's account and address, newest first (sign-in required)."
      myGdprConsents: [GdprUserConsent!]!
      "The consent a mail's link (purpose confirm | withdraw) is for; NOT_FOUND when it does not verify."
      gdprUserConsentOfToken(token: String!, purpose: String!): GdprUserConsent!
    }

    extend type Mutation {
      """
      Records that mail agreed to the latest revision of a consent text. For the signed-in user's own address it
      is theirs and proven at once; for any other address it is linked to no account and counts only after the
      link of the confirmation mail it sends (double opt-in).
      """
      createGdprUserConsent(mail: String!, infoId: Int!): CreateGdprUserConsentResult!
      "Proves a consent by e-mail with the signed token of its confirmation mail."
      confirmGdprUserConsent(token: String!): GdprUserConsent!
      "Withdraws a consent with the signed token of its mail, without signing in."
      withdrawGdprUserConsentByToken(token: String!): GdprUserConsent!
      "Withdraws the viewer's consent to a text (sign-in required); returns the records now withdrawn."
      withdrawGdprUserConsent(infoId: Int!): [GdprUserConsent!]!
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
      myGdprConsents: (_parent, _args: unknown, context) =>
        listGdprConsents({ db: context.db, viewer: context.viewer, locale: context.locale }),
      gdprUserConsentOfToken: (_parent, args: { token: string; purpose: string }, context) => {
        const purpose = consentTokenPurposes.find((candidate) => candidate === args.purpose);
        if (!purpose) {
          throw new AppError('BAD_USER_INPUT', 'Invalid input. purpose: purpose must be confirm or withdraw', {
            fieldErrors: { purpose: 'purpose must be confirm or withdraw' },
          });
        }
        return consentOfToken({
          db: context.db,
          authSecret: context.authSecret,
          locale: context.locale,
          token: args.token,
          purpose,
        });
      },
    },
    Mutation: {
      createGdprUserConsent: (_parent, args: unknown, context) =>
        createGdprUserConsent({
          ...serviceOptionsOf(context),
          authSecret: context.authSecret,
          clientAddress: context.clientAddress,
          language: contentLanguageOf(context.locale),
          input: args,
        }),
      confirmGdprUserConsent: (_parent, args: { token: string }, context) =>
        confirmGdprConsent({
          db: context.db,
          authSecret: context.authSecret,
          locale: context.locale,
          token: args.token,
        }),
      withdrawGdprUserConsentByToken: (_parent, args: { token: string }, context) =>
        withdrawGdprConsentByToken({
          db: context.db,
          authSecret: context.authSecret,
          locale: context.locale,
          token: args.token,
        }),
      withdrawGdprUserConsent: (_parent, args: unknown, context) =>
        withdrawGdprConsent({ db: context.db, viewer: context.viewer, locale: context.locale, input: args }),
    },
  },
};
