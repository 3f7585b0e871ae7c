/**
 * SPEC section 2: after sign-in or sign-up start, a `dispatch` query parameter names an analytics event; it
 * is recorded (the analytics module's recordDispatchEvent) and removed from the address, while a
 * `destination` parameter stays.
 */

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
