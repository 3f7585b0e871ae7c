/**
 * The session as islands see it (SPEC section 4): status loading → authenticated | unauthenticated, read
 * from GET /api/auth/session; refetched when the tab becomes visible, when another tab broadcasts a
 * change, when the browser comes back online and, optionally, by polling. Sign-out is broadcast to the
 * other tabs. Pages never touch this store in frontmatter; the server has `Astro.locals.session`.
 */
import { atom } from 'nanostores';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface ClientSession {
  user: { id: string; name?: string | null; email?: string | null };
  expires: string;
  /** SPEC section 3: the backend token for GraphQL requests from islands. */
  jwt: string;
  masquerade: { staffEmail: string } | null;
  /** Set while the session is the one that created the user through a social provider (signup-start.ts). */
  signupStart: { method: string } | null;
}

export interface SessionState {
  status: SessionStatus;
  data: ClientSession | null;
}

export const $session = atom<SessionState>({ status: 'loading', data: null });

export const sessionChannelName = 'session';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** SPEC section 8: session fetch errors are logged as CLIENT_FETCH_ERROR or CLIENT_SESSION_ERROR. */
export type SessionErrorCode = 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR';

export async function refreshSession(
  options: { fetch?: Fetch; onError?: (code: SessionErrorCode, error: unknown) => void } = {},
): Promise<SessionState> {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const report = options.onError ?? ((code, error) => console.error(code, error));
  let response: Response;
  try {
    response = await fetchImpl('/api/auth/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    report('CLIENT_FETCH_ERROR', error);
    return $session.get();
  }
  try {
    if (!response.ok) throw new Error(`Received status code ${response.status}`);
    const body = (await response.json()) as ClientSession | null;
    const next: SessionState =
      body && typeof body === 'object' && body.user
        ? { status: 'authenticated', data: body }
        : { status: 'unauthenticated', data: null };
    $session.set(next);
    return next;
  } catch (error) {
    report('CLIENT_SESSION_ERROR', error);
    return $session.get();
  }
}

interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event?: { data?: unknown }) => void): void;
  close(): void;
}

/**
 * After another tab announces a sign-out, wait before asking the server: the sign-out page broadcasts
 * before its POST has cleared the cookie, and a session read racing that POST would see (and re-set) the
 * old cookie. Checked again with growing pauses while the server still reports a session.
 */
export const signOutCheckDelaysMs = [400, 1000, 2000, 4000];

/** What the watcher needs of `window` and `document`. */
interface Listenable {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface WatchOptions {
  /** Seconds between refetches; 0 (default) turns polling off. */
  pollSeconds?: number;
  fetch?: Fetch;
  /** Test seams: the window and document to listen on, the channel to use. */
  target?: Listenable;
  document?: Listenable & { readonly visibilityState: string };
  channel?: BroadcastLike | null;
}

function openChannel(): BroadcastLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(sessionChannelName);
}

/** Starts keeping $session current; returns a function that stops it. */
export function watchSession(options: WatchOptions = {}): () => void {
  const target = options.target ?? window;
  const doc = options.document ?? document;
  const channel = options.channel === undefined ? openChannel() : options.channel;
  const refresh = () => void refreshSession({ fetch: options.fetch });
  const onVisible = () => {
    if (doc.visibilityState === 'visible') refresh();
  };
  doc.addEventListener('visibilitychange', onVisible);
  target.addEventListener('online', refresh);
  let pending: ReturnType<typeof setTimeout> | undefined;
  const checkSignedOut = (attempt: number) => {
    pending = setTimeout(() => {
      pending = undefined;
      void refreshSession({ fetch: options.fetch }).then((state) => {
        if (state.status === 'authenticated' && attempt + 1 < signOutCheckDelaysMs.length) {
          checkSignedOut(attempt + 1);
        }
      });
    }, signOutCheckDelaysMs[attempt]);
  };
  const onMessage = (event?: { data?: unknown }) => {
    const data = event?.data as { event?: unknown } | null | undefined;
    if (data?.event !== 'signout') return refresh();
    if (pending) clearTimeout(pending);
    checkSignedOut(0);
  };
  channel?.addEventListener('message', onMessage);
  const timer = options.pollSeconds ? setInterval(refresh, options.pollSeconds * 1000) : undefined;
  refresh();
  return () => {
    doc.removeEventListener('visibilitychange', onVisible);
    target.removeEventListener('online', refresh);
    if (timer) clearInterval(timer);
    if (pending) clearTimeout(pending);
    channel?.close();
  };
}

/** Tells the other tabs that this one signed out (they refetch and become unauthenticated). */
export function broadcastSignOut(channel: BroadcastLike | null = openChannel()): void {
  $session.set({ status: 'unauthenticated', data: null });
  channel?.postMessage({ event: 'signout' });
  channel?.close();
}
