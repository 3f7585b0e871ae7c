import type { z } from 'zod';
import { addFieldError, type FieldErrors } from '../lib/field-errors.ts';
import { AppError } from './errors.ts';

/**
 * Validates a service input with its zod schema. Invalid input becomes a BAD_USER_INPUT error that names
 * each wrong field and what to fix (every problem in the message, the first per field in `fieldErrors`),
 * before anything is read or written.
 */
export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.infer<TSchema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = new Map<string, string[]>();
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'input';
    messages.set(field, [...(messages.get(field) ?? []), issue.message]);
    addFieldError(fieldErrors, field, issue.message);
  }
  const summary = [...messages].map(([field, list]) => `${field}: ${list.join(', ')}`).join('; ');
  throw new AppError('BAD_USER_INPUT', `Invalid input. ${summary}`, { fieldErrors });
}
