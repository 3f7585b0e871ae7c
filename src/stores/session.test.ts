import { afterEach, describe, expect, it, vi } from 'vitest';
import { $session, broadcastSignOut, refreshSession, signOutCheckDelaysMs, watchSession } from './session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const signedIn = {
  user: { id: '7', email: 'a@b.test' },
  expires: '2030-01-01T00:00:00Z',
  jwt: 'token',
  masquerade: null,
};

afterEach(() => $session.set({ status: 'loading', data: null }));

describe('$session', () => {
  it('starts loading and becomes authenticated or unauthenticated', async () => {
    expect($session.get().status).toBe('loading');
    await refreshSession({ fetch: () => Promise.resolve(json(signedIn)) });
    expect($session.get()).toEqual({ status: 'authenticated', data: signedIn });
    await refreshSession({ fetch: () => Promise.resolve(json(null)) });
    expect($session.get()).toEqual({ status: 'unauthenticated', data: null });
  });

  it('reports fetch and session errors with the SPEC codes and keeps the last state', async () => {
    const onError = vi.fn<(code: string, error: unknown) => void>();
    await refreshSession({ fetch: () => Promise.resolve(json(signedIn)) });
    await refreshSession({ fetch: () => Promise.reject(new TypeError('offline')), onError });
    await refreshSession({ fetch: () => Promise.resolve(new Response('<html>', { status: 500 })), onError });
    expect(onError.mock.calls.map(([code]) => code)).toEqual(['CLIENT_FETCH_ERROR', 'CLIENT_SESSION_ERROR']);
    expect($session.get().status).toBe('authenticated');
  });

  it('refetches on visibility, online, broadcasts and polling; broadcasts sign-out', () => {
    vi.useFakeTimers();
    const listeners: Record<string, () => void> = {};
    const on = (type: string, listener: () => void) => (listeners[type] = listener);
    const doc = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: on,
      removeEventListener: vi.fn(),
    };
    const target = { addEventListener: on, removeEventListener: vi.fn() };
    const channel = { postMessage: vi.fn(), addEventListener: on, close: vi.fn() };
    const fetch = vi.fn(() => Promise.resolve(json(signedIn)));
    const stop = watchSession({ fetch, target, document: doc, channel, pollSeconds: 60 });
    expect(fetch).toHaveBeenCalledTimes(1);
    listeners.visibilitychange!();
    listeners.online!();
    listeners.message!();
    vi.advanceTimersByTime(60_000);
    expect(fetch).toHaveBeenCalledTimes(5);
    stop();
    expect(channel.close).toHaveBeenCalled();
    vi.useRealTimers();

    const other = { postMessage: vi.fn(), addEventListener: vi.fn(), close: vi.fn() };
    broadcastSignOut(other);
    expect(other.postMessage).toHaveBeenCalledWith({ event: 'signout' });
    expect($session.get().status).toBe('unauthenticated');
  });

  it('after a sign-out broadcast waits, then checks again while the server still reports a session', async () => {
    vi.useFakeTimers();
    let message: ((event?: { data?: unknown }) => void) | undefined;
    const channel = {
      postMessage: vi.fn(),
      addEventListener: (_type: 'message', listener: (event?: { data?: unknown }) => void) => (message = listener),
      close: vi.fn(),
    };
    const listenable = { addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const doc = { ...listenable, visibilityState: 'visible' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(signedIn))
      .mockResolvedValueOnce(json(signedIn))
      .mockResolvedValueOnce(json(null));
    const stop = watchSession({ fetch, target: listenable, document: doc, channel });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    message!({ data: { event: 'signout' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(signOutCheckDelaysMs[0]!);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect($session.get().status).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(signOutCheckDelaysMs[1]!);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect($session.get().status).toBe('unauthenticated');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    stop();
    vi.useRealTimers();
  });
});
