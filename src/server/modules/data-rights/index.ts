import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { ownAccount } from '../accounts/index.ts';
import { accountDeletionInfo, deleteMyAccount } from './delete-my-account.ts';
import { exportMyData } from './export-my-data.ts';

/** GDPR Art. 15, 17 and 20 (issue 18, decision 0026): the signed-in user's data export and account deletion. */
export const dataRightsModule: GraphQLModule = {
  typeDefs: gql`
    "A JSON document of the data export: its file name in the ZIP and its content."
    type DataExportDocument {
      name: String!
      json: String!
    }

    "A stored file of the user's (application file, resume attachment, contact form attachment)."
    type DataExportFile {
      "Where the file goes in the ZIP, e.g. files/resume/12-cv.pdf."
      path: String!
      "The file's name in storage; handed to the user's own export only, which the export route reads."
      storageKey: String!
      mimeType: String!
      sizeBytes: Int!
    }

    "Everything the site keeps about the signed-in user (GDPR Art. 15 and 20)."
    type DataExport {
      documents: [DataExportDocument!]!
      files: [DataExportFile!]!
    }

    "What the account page's deletion form needs to know."
    type AccountDeletionInfo {
      "Whether the account confirms with its password (else the user types DELETE)."
      hasPassword: Boolean!
      "The organizations the user owns: they must be handed over before the account can be deleted."
      ownedOrganizations: [String!]!
    }

    input DeleteMyAccountInput {
      "The account's password (accounts with one)."
      password: String
      "Accounts without a password (social sign-in only) type DELETE."
      confirmation: String
    }

    extend type Query {
      """
      The signed-in user's data (profile, consents, applications with files, bookmarks, job alerts, resume with
      private fields and attachments, contact requests and messages, organization memberships). The user
      themself only (refused while masquerading); RATE_LIMITED after 5 exports an hour.
      """
      myDataExport: DataExport!
      "The signed-in user's deletion form: how they confirm and what must be handed over first."
      myAccountDeletion: AccountDeletionInfo!
    }

    extend type Mutation {
      """
      Deletes the signed-in user's account for good (GDPR Art. 17): confirmed by the password (or DELETE
      without one), refused with CONFLICT while they own an organization. Personal data are erased or
      anonymised in one transaction, files removed, every session ended. Refused while masquerading.
      """
      deleteMyAccount(input: DeleteMyAccountInput!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      myDataExport: (_parent, _args, context: GraphQLContext) =>
        exportMyData({ db: context.db, userId: ownAccount(context), locale: context.locale }),
      myAccountDeletion: (_parent, _args, context: GraphQLContext) =>
        accountDeletionInfo({ db: context.db, userId: ownAccount(context), locale: context.locale }),
    },
    Mutation: {
      deleteMyAccount: async (_parent, args: { input: unknown }, context: GraphQLContext) => {
        await deleteMyAccount({
          db: context.db,
          userId: ownAccount(context),
          authSecret: context.authSecret,
          locale: context.locale,
          input: args.input,
        });
        return true;
      },
    },
  },
};
