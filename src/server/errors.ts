import { GraphQLError } from 'graphql';
import type { Locale } from '../../brands/types.ts';
import { createTranslator, type MessageKey } from '../i18n/index.ts';
import type { FieldErrors } from '../lib/field-errors.ts';

/**
 * The one table of expected failures: clients branch on the code (`extensions.code` in GraphQL, the
 * status of endpoints and pages), never on messages. Over GraphQL a failure travels in the `errors` of a
 * response under 300 (SPEC section 7) with its code; only a request refused as a whole (a refused token)
 * answers with the code's HTTP status.
 */
export const errorCodes = {
  BAD_USER_INPUT: { httpStatus: 400 },
  UNAUTHENTICATED: { httpStatus: 401 },
  FORBIDDEN: { httpStatus: 403 },
  NOT_FOUND: { httpStatus: 404 },
  CONFLICT: { httpStatus: 409 },
  /** The action needs a confirmed e-mail address (e.g. uploading files). */
  EMAIL_NOT_VERIFIED: { httpStatus: 403 },
  /** A per-organization or per-user allowance (e.g. attachment count or total size) is used up. */
  QUOTA_EXCEEDED: { httpStatus: 409 },
  /** Too many attempts from this client or for this account (registrations, account mails); try later. */
  RATE_LIMITED: { httpStatus: 429 },
  /** An optional service is not configured, or the outside service behind it failed (the AI job description). */
  UNAVAILABLE: { httpStatus: 503 },
  /** An outside service took longer than its time limit. */
  TIMEOUT: { httpStatus: 504 },
} as const satisfies Record<string, { httpStatus: number }>;

export type AppErrorCode = keyof typeof errorCodes;

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

export function httpStatusOf(code: AppErrorCode): number {
  return errorCodes[code].httpStatus;
}

/** A user-facing message: its key (src/i18n/messages) with parameters, in `locale` (English without one). */
export interface ErrorMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
  locale?: Locale;
}

export interface ErrorDetails {
  /** What is wrong, per field of the input. */
  fieldErrors?: FieldErrors;
  [detail: string]: unknown;
}

/**
 * An expected failure: wrong input, missing permission, unknown entity. It carries its code and a message
 * key (clients may translate by it); the message reads in the request's language where the service knows
 * it, else in English. Input checks that name the field and the rule (parseInput) carry English text and
 * field errors instead. The GraphQL layer returns code, key and details; any other error is unexpected,
 * masked as "Unexpected error." and logged.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly messageKey: MessageKey | null;
  readonly details: ErrorDetails | undefined;

  constructor(code: AppErrorCode, message: ErrorMessage | string, details?: ErrorDetails) {
    super(
      typeof message === 'string' ? message : createTranslator(message.locale ?? 'en-GB')(message.key, message.params),
    );
    this.name = 'AppError';
    this.code = code;
    this.messageKey = typeof message === 'string' ? null : message.key;
    this.details = details;
  }
}

export function toGraphQLError(error: AppError): GraphQLError {
  const messageKey = error.messageKey === null ? {} : { messageKey: error.messageKey };
  return new GraphQLError(error.message, { extensions: { code: error.code, ...messageKey, ...error.details } });
}

/** A GraphQL request refused as a whole, before any field runs: it answers with the code's HTTP status. */
export function refusedRequest(code: AppErrorCode, message: ErrorMessage | string): GraphQLError {
  const { message: text, messageKey } = new AppError(code, message);
  return new GraphQLError(text, {
    extensions: { code, ...(messageKey === null ? {} : { messageKey }), http: { status: httpStatusOf(code) } },
  });
}
