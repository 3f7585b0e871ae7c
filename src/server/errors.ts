import { GraphQLError } from 'graphql';

/** Codes of expected failures; clients branch on them (`extensions.code`), never on messages. */
export type AppErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** The action needs a confirmed e-mail address (e.g. uploading files). */
  | 'EMAIL_NOT_VERIFIED'
  /** A per-organization or per-user allowance (e.g. attachment count or total size) is used up. */
  | 'QUOTA_EXCEEDED'
  /** Too many attempts from this client or for this account (registrations, account mails); try later. */
  | 'RATE_LIMITED';

/**
 * An expected failure: wrong input, missing permission, unknown entity. The GraphQL layer returns it with
 * its code and message; any other error is unexpected, masked as "Unexpected error." and logged.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function toGraphQLError(error: AppError): GraphQLError {
  return new GraphQLError(error.message, { extensions: { code: error.code, ...error.details } });
}
