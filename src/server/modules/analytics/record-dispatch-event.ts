import { getDatabase, type Database } from '../../db/index.ts';
import type { DispatchEvent } from '../../auth/dispatch.ts';
import { logUnexpected } from '../../log.ts';
import { recordAnalyticsEvent } from './record-analytics-event.ts';

/**
 * Stores a dispatch event (SPEC section 2, src/server/auth/dispatch.ts) in analytics_events. Measurement
 * must never cost the visitor the redirect: a failure (database down, a session of a user deleted since) is
 * logged and swallowed.
 */
export async function recordDispatchEvent(
  event: DispatchEvent,
  context: { path: string; userId: number | null },
  options: { db?: Database } = {},
): Promise<void> {
  try {
    const db = options.db ?? (await getDatabase()).db;
    await recordAnalyticsEvent({ db, name: event, userId: context.userId, dimensions: { path: context.path } });
  } catch (error) {
    logUnexpected('analytics', `${event} not recorded (user ${context.userId ?? 'none'}, path ${context.path})`, error);
  }
}
