/**
 * SPEC section 4: "A new social signup triggers one signup-start event, remembered in local storage until
 * the flag clears." The session of a sign-in that created the user carries `signupStart`; the first page
 * that sees it POSTs the event and remembers `signup-start:<userId>` in localStorage, so reloads and other
 * tabs do not send it again. A later session without the flag (the next sign-in) forgets those keys. The
 * server keeps at most one such event per user, whatever the browser does.
 */
import type { SessionState } from './session';

export const signupStartKeyPrefix = 'signup-start:';
export const analyticsEventsPath = '/api/analytics/events';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What is used of localStorage. */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SignupStartOptions {
  /** Default: the page's localStorage; null when there is none. */
  storage?: StorageLike | null;
  fetch?: Fetch;
}

export type SignupStartOutcome =
  /** Not signed in (or still loading): nothing to do. */
  | 'skipped'
  /** Signed in without the flag: remembered sign-ups were forgotten. */
  | 'cleared'
  /** Already sent, from this page or (per localStorage) another one. */
  | 'remembered'
  /** This page is sending it right now. */
  | 'in_flight'
  | 'recorded'
  /** The request failed: nothing remembered, so the next session change tries again. */
  | 'failed';

/** localStorage, or null where reading the property itself throws (storage blocked by the browser). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// Storage may throw on every call (private mode, quota, blocked): measurement never breaks the page.
function readKey(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeKey(storage: StorageLike | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Not remembered across pages; the server still keeps one event per user.
  }
}

function forgetSignupStarts(storage: StorageLike | null): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(signupStartKeyPrefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Left for the next page to forget.
  }
}

/**
 * A recorder with its own memory of what this page sent or is sending (one per page: `recordSignupStart`;
 * tests create one per simulated tab).
 */
export function createSignupStartRecorder() {
  const inFlight = new Set<string>();
  const sentHere = new Set<string>();

  return async function recordSignupStart(
    session: SessionState,
    options: SignupStartOptions = {},
  ): Promise<SignupStartOutcome> {
    if (session.status !== 'authenticated' || !session.data) return 'skipped';
    const storage = options.storage === undefined ? browserStorage() : options.storage;
    const flag = session.data.signupStart;
    if (!flag) {
      sentHere.clear();
      forgetSignupStarts(storage);
      return 'cleared';
    }
    const key = `${signupStartKeyPrefix}${session.data.user.id}`;
    if (sentHere.has(key) || readKey(storage, key) !== null) return 'remembered';
    if (inFlight.has(key)) return 'in_flight';
    inFlight.add(key);
    const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    try {
      const response = await fetchImpl(analyticsEventsPath, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ event: 'sign_up_start', method: flag.method }),
      });
      if (!response.ok) return 'failed';
      sentHere.add(key);
      writeKey(storage, key, new Date().toISOString());
      return 'recorded';
    } catch {
      return 'failed';
    } finally {
      inFlight.delete(key);
    }
  };
}

export const recordSignupStart = createSignupStartRecorder();
