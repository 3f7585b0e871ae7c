import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SocialLoginProvider } from '../../../../brands/types.ts';
import type { SessionClaims } from '../../auth/session-claims.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';

const signupMethods = ['linkedin', 'google', 'facebook'] as const satisfies readonly SocialLoginProvider[];

const inputSchema = z.object(
  {
    event: z.literal('sign_up_start', { error: "event must be 'sign_up_start'" }),
    method: z.enum(signupMethods, { error: `method must be one of ${signupMethods.join(', ')}` }),
  },
  { error: 'expected an object such as {"event":"sign_up_start","method":"google"}' },
);

/**
 * SPEC section 4: the browser reports the signup-start of a new social sign-up (POST /api/analytics/events).
 * Only a session that carries the sign-up flag may report it, with the provider that flag names; a user
 * has one such event, however often (or from however many tabs at once) it is reported. A session whose
 * user was deleted since is refused as unauthenticated.
 */
export async function recordBrowserEvent(options: {
  db: Database;
  session: Pick<SessionClaims, 'uid' | 'signupStart'>;
  input: unknown;
}): Promise<void> {
  const { method } = parseInput(inputSchema, options.input);
  const { signupStart } = options.session;
  if (!signupStart) throw new AppError('FORBIDDEN', 'This session did not begin with a social sign-up.');
  if (signupStart.method !== method) {
    throw new AppError('BAD_USER_INPUT', `Invalid input. method: this session signed up with ${signupStart.method}`, {
      fieldErrors: { method: `this session signed up with ${signupStart.method}` },
    });
  }
  // The session may outlive its user (deleted since sign-in): refuse it rather than fail on the foreign key.
  const [user] = await options.db.select({ id: users.id }).from(users).where(eq(users.id, options.session.uid));
  if (!user) throw new AppError('UNAUTHENTICATED', 'This account no longer exists. Sign in again.');
  await options.db
    .insert(analyticsEvents)
    .values({ name: 'sign_up_start', userId: options.session.uid, dimensions: { method } })
    .onConflictDoNothing({ target: analyticsEvents.userId, where: sql`${analyticsEvents.name} = 'sign_up_start'` });
}
