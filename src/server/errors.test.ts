import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorCodes, httpStatusOf, refusedRequest, toGraphQLError } from './errors';
import { parseInput } from './validation';

describe('expected failures (one error dialect)', () => {
  it('carry a code and a message key, in English unless a language is named', () => {
    const error = new AppError('NOT_FOUND', { key: 'error.organizationNotFound', params: { id: 7 } });
    expect(error.message).toBe('There is no organization with id 7.');
    expect(toGraphQLError(error).extensions).toEqual({ code: 'NOT_FOUND', messageKey: 'error.organizationNotFound' });
    expect(new AppError('FORBIDDEN', { key: 'error.forbidden', locale: 'de' }).message).toBe(
      'Dazu sind Sie nicht berechtigt.',
    );
    expect(new AppError('FORBIDDEN', { key: 'error.forbidden', locale: 'fr' }).message).toBe(
      'Vous n’êtes pas autorisé à effectuer cette action.',
    );
  });

  it('map every code to one HTTP status; a refused GraphQL request carries it', () => {
    expect(Object.fromEntries(Object.keys(errorCodes).map((code) => [code, httpStatusOf(code as never)]))).toEqual({
      BAD_USER_INPUT: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      EMAIL_NOT_VERIFIED: 403,
      QUOTA_EXCEEDED: 409,
      RATE_LIMITED: 429,
      UNAVAILABLE: 503,
      TIMEOUT: 504,
    });
    expect(refusedRequest('UNAUTHENTICATED', 'Your session has ended.').extensions).toEqual({
      code: 'UNAUTHENTICATED',
      http: { status: 401 },
    });
  });

  it('key invalid input by field: every problem in the message, the first per field in fieldErrors', () => {
    const schema = z.object({
      page: z.number().min(1, { error: 'page must be 1 or more' }).max(9, { error: 'page must be at most 9' }),
      location: z.object({ lat: z.number({ error: 'location.lat must be a number' }) }),
    });
    let caught: unknown;
    try {
      parseInput(schema, { page: 0, location: {} });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const error = caught as AppError;
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.message).toBe(
      'Invalid input. page: page must be 1 or more; location.lat: location.lat must be a number',
    );
    expect(error.details?.fieldErrors).toEqual({
      page: 'page must be 1 or more',
      'location.lat': 'location.lat must be a number',
    });
  });
});
