/**
 * SPEC section 2: after sign-in or sign-up start, a `dispatch` query parameter names an analytics event; it
 * is recorded and removed from the address, while a `destination` parameter stays.
 */
import { getDatabase, type Database } from '../db/index.ts';
import { recordAnalyticsEvent } from '../modules/analytics/record-analytics-event.ts';
import { logUnexpected } from '../log.ts';

export const dispatchEvents = ['login', 'sign_up'] as const;
export type DispatchEvent = (typeof dispatchEvents)[number];

/** The address without `dispatch` (everything else, `destination` included, kept in order). */
export function withoutDispatch(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('dispatch');
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

export function dispatchEventOf(value: string | null): DispatchEvent | null {
  return dispatchEvents.find((event) => event === value) ?? null;
}

/** Adds `dispatch=<event>` to a same-origin path (used as the callback URL after sign-in or sign-up). */
export function withDispatch(path: string, event: DispatchEvent): string {
  const url = new URL(path, 'http://local.invalid');
  url.searchParams.set('dispatch', event);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Stores the event in analytics_events. Measurement must never cost the visitor the redirect: a failure
 * (database down, a session of a user deleted since) is logged and swallowed.
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
