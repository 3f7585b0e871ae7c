import type { Locale } from '../../../../brands/types.ts';
import { createTranslator, type MessageKey } from '../../../i18n/index.ts';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import type { PasswordFeedback } from '../../auth/password-strength.ts';
import { AppError, type AppErrorCode } from '../../errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { gql, type GraphQLModule } from '../../graphql/module.ts';
import { isAccountTokenUsable } from './account-tokens.ts';
import { changePassword } from './change-password.ts';
import { endMasquerade } from './end-masquerade.ts';
import { registerApplicant } from './register-applicant.ts';
import { registerRecruiter } from './register-recruiter.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { sendVerificationLink } from './send-verification-mail.ts';
import { grantSignIn } from './session-grant.ts';
import { signOutEverywhere } from './sign-out-everywhere.ts';
import { startMasquerade } from './start-masquerade.ts';
import { verifyEmail } from './verify-email.ts';

/**
 * A refused account form as a GraphQL error: RATE_LIMITED when a limit refused it, else BAD_USER_INPUT
 * (or the code given). `extensions.fieldErrors` names each field with its message key (src/lib/field-errors.ts;
 * src/i18n keys such as account.error.emailInvalid; `form` for the whole form), `extensions.passwordFeedback`
 * holds zxcvbn's feedback for a guessable password; the message says the same in the request's language
 * (one message: its key is `extensions.messageKey` too).
 */
export function formRefusal(
  refusal: { fieldErrors: FieldErrors; passwordFeedback?: PasswordFeedback | undefined },
  locale: Locale,
  code: AppErrorCode = refusal.fieldErrors.form === 'account.error.rateLimited' ? 'RATE_LIMITED' : 'BAD_USER_INPUT',
): AppError {
  const fieldErrors: FieldErrors = {};
  for (const [field, key] of Object.entries(refusal.fieldErrors)) if (key) fieldErrors[field] = key;
  const keys = [...new Set(Object.values(fieldErrors))] as MessageKey[];
  const [onlyKey] = keys;
  const t = createTranslator(locale);
  const message = keys.length === 1 && onlyKey ? { key: onlyKey, locale } : keys.map((key) => t(key)).join(' ');
  return new AppError(code, message, {
    fieldErrors,
    ...(refusal.passwordFeedback ? { passwordFeedback: refusal.passwordFeedback } : {}),
  });
}

/** The signed-in user acting as themselves: account changes are refused while staff masquerade. */
export function ownAccount(context: GraphQLContext): number {
  const { viewer, session } = context;
  if (viewer.userId === null)
    throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale: context.locale });
  if (session?.actorUserId != null) {
    throw formRefusal({ fieldErrors: { form: 'account.error.masquerade' } }, context.locale, 'FORBIDDEN');
  }
  return viewer.userId;
}

const link = (context: GraphQLContext) => ({ brand: context.brand, locale: context.locale });

export const accountsModule: GraphQLModule = {
  typeDefs: gql`
    # Refused forms are GraphQL errors: BAD_USER_INPUT or RATE_LIMITED with extensions.fieldErrors (field →
    # a message key of the site's messages, "form" for the whole form) and, for a guessable password,
    # extensions.passwordFeedback (zxcvbn's warning and suggestions). Fields are optional strings here:
    # the server checks them and names what is missing.

    "SPEC section 2: the applicant registration form (register_applicant_form)."
    input RegisterApplicantInput {
      email: String
      password: String
      passwordConfirm: String
      "SPEC 4: the creation source (utm_source) kept in session storage; an unusable value is dropped."
      creationSource: String
    }

    "SPEC section 3: the recruiter's account, personal info and the organization they will own."
    input RegisterRecruiterInput {
      email: String
      password: String
      passwordConfirm: String
      "mr, ms or diverse."
      salutation: String
      firstName: String
      lastName: String
      phone: String
      position: String
      companyName: String
      "Two letters, e.g. DE (the default)."
      countryCode: String
      addressLine1: String
      addressLine2: String
      postalCode: String
      locality: String
      administrativeArea: String
      "SPEC 4: the creation source (utm_source) kept in session storage; an unusable value is dropped."
      creationSource: String
    }

    input RequestPasswordResetInput {
      email: String
    }

    input ResetPasswordInput {
      "The token of the mailed reset link."
      token: String
      password: String
      passwordConfirm: String
    }

    input ChangePasswordInput {
      currentPassword: String
      password: String
      passwordConfirm: String
    }

    enum VerificationMailOutcome {
      SENT
      ALREADY_VERIFIED
    }

    "The staff member behind a masquerade."
    type MasqueradeGrant {
      staffUserId: Int!
      staffEmail: String!
      "Seconds since the epoch."
      startedAt: Float!
    }

    """
    A sign-in session for the site's session cookie: whom it acts as, its row (sessionId) and a backend token
    for it. Issued to the session's own bearer only (a password change, a masquerade).
    """
    type SessionGrant {
      userId: Int!
      email: String!
      name: String!
      sessionId: String!
      backendToken: String!
      "Seconds since the epoch."
      backendTokenIssuedAt: Float!
      "When the session row was opened, in milliseconds since the epoch."
      openedAtMs: Float!
      "Set while a staff member acts as the user."
      masquerade: MasqueradeGrant
    }

    extend type Query {
      "Whether a password-reset link's token would be accepted (unused, unexpired), without using it."
      passwordResetLinkUsable(token: String!): Boolean!
    }

    extend type Mutation {
      """
      An applicant account; a verification link goes out by mail. An address that has an account gets the
      same answer (its owner gets a mail instead), so the answer tells nobody who has an account.
      """
      registerApplicant(input: RegisterApplicantInput!): Boolean!
      "A recruiter account and the (unpublished) organization they own, in one go; answers like registerApplicant."
      registerRecruiter(input: RegisterRecruiterInput!): Boolean!
      "Mails a reset link when the address has an account; the answer is the same either way."
      requestPasswordReset(input: RequestPasswordResetInput!): Boolean!
      "A new password through a reset link: every session of the user ends and every other reset link dies."
      resetPassword(input: ResetPasswordInput!): Boolean!
      """
      A new password for the signed-in user, who knows the current one: every session ends, and a new one
      opens for the caller (its grant). Refused while masquerading.
      """
      changePassword(input: ChangePasswordInput!): SessionGrant!
      "Uses a verification link; false when it is unknown, used or expired."
      verifyEmail(token: String!): Boolean!
      "A new verification link for the signed-in user (RATE_LIMITED when too many were sent)."
      sendVerificationMail: VerificationMailOutcome!
      "Ends every session of the signed-in user on every device. Refused while masquerading."
      signOutEverywhere: Boolean!
      """
      Staff act as a user whose highest role ranks below their own (FORBIDDEN otherwise, extensions.reason
      says why), in a new session of their own; audited.
      """
      startMasquerade(userId: Int!): SessionGrant!
      "Back to the staff member's own identity in a new session; audited. Null when the session is no masquerade."
      endMasquerade: SessionGrant
    }
  `,
  resolvers: {
    Query: {
      passwordResetLinkUsable: (_parent, args: { token: string }, context: GraphQLContext) =>
        isAccountTokenUsable(context.db, 'reset_password', args.token),
    },
    Mutation: {
      registerApplicant: async (_parent, args: { input: unknown }, context: GraphQLContext) => {
        const result = await registerApplicant({
          db: context.db,
          input: args.input,
          link: link(context),
          clientAddress: context.clientAddress,
        });
        if (!result.ok) throw formRefusal(result, context.locale);
        return true;
      },
      registerRecruiter: async (_parent, args: { input: unknown }, context: GraphQLContext) => {
        const result = await registerRecruiter({
          db: context.db,
          input: args.input,
          link: link(context),
          clientAddress: context.clientAddress,
        });
        if (!result.ok) throw formRefusal(result, context.locale);
        return true;
      },
      requestPasswordReset: async (_parent, args: { input: unknown }, context: GraphQLContext) => {
        const result = await requestPasswordReset({
          db: context.db,
          input: args.input,
          link: link(context),
          clientAddress: context.clientAddress,
        });
        if (!result.ok) throw formRefusal(result, context.locale);
        return true;
      },
      resetPassword: async (_parent, args: { input: unknown }, context: GraphQLContext) => {
        const result = await resetPassword({ db: context.db, input: args.input, brand: context.brand });
        if (!result.ok) throw formRefusal(result, context.locale);
        return true;
      },
      changePassword: async (_parent, args: { input: unknown }, context: GraphQLContext) => {
        const userId = ownAccount(context);
        const result = await changePassword({ db: context.db, userId, input: args.input, brand: context.brand });
        if (!result.ok) throw formRefusal(result, context.locale);
        const grant = await grantSignIn(context.db, context.authSecret, userId);
        if (!grant) throw new AppError('UNAUTHENTICATED', 'This account no longer exists. Sign in again.');
        return grant;
      },
      verifyEmail: (_parent, args: { token: string }, context: GraphQLContext) =>
        verifyEmail({ db: context.db, token: args.token }),
      sendVerificationMail: async (_parent, _args, context: GraphQLContext) => {
        const { userId } = context.viewer;
        if (userId === null)
          throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale: context.locale });
        const outcome = await sendVerificationLink({ db: context.db, userId, link: link(context) });
        if (outcome === 'rate_limited') {
          throw formRefusal({ fieldErrors: { form: 'account.error.rateLimited' } }, context.locale);
        }
        return outcome === 'sent' ? 'SENT' : 'ALREADY_VERIFIED';
      },
      signOutEverywhere: async (_parent, _args, context: GraphQLContext) => {
        await signOutEverywhere({ db: context.db, userId: ownAccount(context) });
        return true;
      },
      startMasquerade: (_parent, args: unknown, context: GraphQLContext) =>
        startMasquerade({
          db: context.db,
          secret: context.authSecret,
          viewer: context.viewer,
          session: context.session,
          input: args,
          clientAddress: context.clientAddress,
        }),
      endMasquerade: (_parent, _args, context: GraphQLContext) =>
        endMasquerade({
          db: context.db,
          secret: context.authSecret,
          viewer: context.viewer,
          session: context.session,
          clientAddress: context.clientAddress,
        }),
    },
  },
};
