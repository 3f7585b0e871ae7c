import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Validates a service input with its zod schema. Invalid input becomes a BAD_USER_INPUT error that names
 * each wrong field and what to fix, before anything is read or written.
 */
export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.infer<TSchema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'input';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const summary = Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  throw new AppError('BAD_USER_INPUT', `Invalid input. ${summary}`, { fieldErrors });
}
