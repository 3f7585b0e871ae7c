import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { signupMethodSchema } from '../../../lib/analytics/browser-event.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';

const inputSchema = z.object({ method: signupMethodSchema });

/**
 * SPEC section 4: the signup-start of a new social sign-up, reported by the browser (POST
 * /api/analytics/events). Only a session that carries the sign-up flag may report it, with the provider
 * that flag names: the flag lives in the site's Auth.js session, which the site hands over with its
 * in-process request (`signupStart`); other clients have none. A user has one such event, however often
 * (or from however many tabs at once) it is reported.
 */
export async function recordSignupStart(options: {
  db: Database;
  viewer: Viewer;
  /** The flag of the site visitor's session; null when the request came from anyone else. */
  signupStart: { method: string } | null;
  input: unknown;
}): Promise<void> {
  const { method } = parseInput(inputSchema, options.input);
  const { viewer, signupStart } = options;
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', { key: 'error.signInRequired' });
  if (!signupStart) throw new AppError('FORBIDDEN', 'This session did not begin with a social sign-up.');
  if (signupStart.method !== method) {
    throw new AppError('BAD_USER_INPUT', `Invalid input. method: this session signed up with ${signupStart.method}`, {
      fieldErrors: { method: `this session signed up with ${signupStart.method}` },
    });
  }
  await options.db
    .insert(analyticsEvents)
    .values({ name: 'sign_up_start', userId: viewer.userId, dimensions: { method } })
    .onConflictDoNothing({ target: analyticsEvents.userId, where: sql`${analyticsEvents.name} = 'sign_up_start'` });
}
