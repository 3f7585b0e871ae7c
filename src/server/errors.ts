import { GraphQLError } from 'graphql';

/** Codes of expected failures; clients branch on them (`extensions.code`), never on messages. */
export type AppErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';

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
