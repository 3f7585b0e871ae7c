import * as zod from 'zod';
import type { z } from 'zod';
import type { Locale } from '../../brands/types.ts';
import { createTranslator, isMessageKey } from '../i18n/index.ts';
import { addFieldError, type FieldErrors } from '../lib/field-errors.ts';
import { AppError } from './errors.ts';

/**
 * Validates a service input with its zod schema. Invalid input becomes a BAD_USER_INPUT error that names
 * each wrong field and what to fix (every problem in the message, the first per field in `fieldErrors`),
 * before anything is read or written. Schemas shared with a form (src/lib) carry message keys: with a
 * `locale`, those are translated, so the field errors read in the visitor's language.
 */
export function parseInput<TSchema extends z.core.$ZodType>(
  schema: TSchema,
  input: unknown,
  options: { locale?: Locale } = {},
): z.infer<TSchema> {
  // Any zod schema: classic ones, and zod/mini ones that islands share (src/lib/applications).
  const result = zod.safeParse(schema, input);
  if (result.success) return result.data;
  const translate = options.locale ? createTranslator(options.locale) : null;
  const messages = new Map<string, string[]>();
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'input';
    const message = translate && isMessageKey(issue.message) ? translate(issue.message) : issue.message;
    messages.set(field, [...(messages.get(field) ?? []), message]);
    addFieldError(fieldErrors, field, message);
  }
  const summary = [...messages].map(([field, list]) => `${field}: ${list.join(', ')}`).join('; ');
  throw new AppError('BAD_USER_INPUT', `Invalid input. ${summary}`, { fieldErrors });
}
