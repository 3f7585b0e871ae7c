import { describe, expect, it, vi } from 'vitest';
import type { ClientSession, SessionState } from './session';
import { analyticsEventsPath, createSignupStartRecorder, type StorageLike } from './signup-start';

/** An in-memory localStorage; tabs of one browser share one. */
class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** Private mode as some browsers have it: every call throws. */
const throwingStorage: StorageLike = {
  get length(): number {
    throw new DOMException('denied', 'SecurityError');
  },
  key: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('quota', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

const session = (userId: string, signupStart: ClientSession['signupStart']): SessionState => ({
  status: 'authenticated',
  data: {
    user: { id: userId, email: `${userId}@example.test` },
    expires: '2030-01-01T00:00:00Z',
    jwt: 'token',
    masquerade: null,
    signupStart,
  },
});

const newGoogleUser = session('41', { method: 'google' });

function fakeFetch(status = 204) {
  return vi.fn((_input: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status })));
}

describe('recordSignupStart', () => {
  it('posts the event once and remembers it for the user', async () => {
    const storage = new MemoryStorage();
    const fetch = fakeFetch();
    const record = createSignupStartRecorder();

    expect(await record(newGoogleUser, { storage, fetch })).toBe('recorded');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(analyticsEventsPath);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({ event: 'sign_up_start', method: 'google' });
    expect(storage.getItem('signup-start:41')).not.toBeNull();

    // The session is refetched (tab visible again, polling): nothing new.
    expect(await record(newGoogleUser, { storage, fetch })).toBe('remembered');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is not sent again by another tab or after a reload (same storage, fresh page)', async () => {
    const storage = new MemoryStorage();
    const fetch = fakeFetch();
    await createSignupStartRecorder()(newGoogleUser, { storage, fetch });
    const otherTab = createSignupStartRecorder();
    const reloaded = createSignupStartRecorder();
    expect(await otherTab(newGoogleUser, { storage, fetch })).toBe('remembered');
    expect(await reloaded(newGoogleUser, { storage, fetch })).toBe('remembered');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not fire twice while the first request of the page is still running', async () => {
    const storage = new MemoryStorage();
    let finish: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (finish = resolve)));
    const record = createSignupStartRecorder();
    const first = record(newGoogleUser, { storage, fetch });
    expect(await record(newGoogleUser, { storage, fetch })).toBe('in_flight');
    finish(new Response(null, { status: 204 }));
    expect(await first).toBe('recorded');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('remembers nothing when the request fails, and tries again on the next session change', async () => {
    const storage = new MemoryStorage();
    const record = createSignupStartRecorder();
    expect(await record(newGoogleUser, { storage, fetch: fakeFetch(500) })).toBe('failed');
    expect(
      await record(newGoogleUser, { storage, fetch: () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).toBe('failed');
    expect(storage.length).toBe(0);

    const fetch = fakeFetch();
    expect(await record(newGoogleUser, { storage, fetch })).toBe('recorded');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(storage.getItem('signup-start:41')).not.toBeNull();
  });

  it('forgets every remembered sign-up once a session without the flag appears', async () => {
    const storage = new MemoryStorage();
    const fetch = fakeFetch();
    const record = createSignupStartRecorder();
    await record(newGoogleUser, { storage, fetch });
    await record(session('42', { method: 'linkedin' }), { storage, fetch });
    storage.setItem('unrelated', 'kept');
    expect(storage.length).toBe(3);

    expect(await record(session('41', null), { storage, fetch })).toBe('cleared');
    expect([...storage.items.keys()]).toEqual(['unrelated']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does nothing for visitors who are not signed in', async () => {
    const storage = new MemoryStorage();
    storage.setItem('signup-start:41', 'x');
    const fetch = fakeFetch();
    const record = createSignupStartRecorder();
    expect(await record({ status: 'loading', data: null }, { storage, fetch })).toBe('skipped');
    expect(await record({ status: 'unauthenticated', data: null }, { storage, fetch })).toBe('skipped');
    expect(fetch).not.toHaveBeenCalled();
    expect(storage.getItem('signup-start:41')).toBe('x');
  });

  it('tolerates a storage that throws: sends once per page, never breaks', async () => {
    const fetch = fakeFetch();
    const record = createSignupStartRecorder();
    expect(await record(newGoogleUser, { storage: throwingStorage, fetch })).toBe('recorded');
    expect(await record(newGoogleUser, { storage: throwingStorage, fetch })).toBe('remembered');
    expect(await record(session('41', null), { storage: throwingStorage, fetch })).toBe('cleared');
    expect(fetch).toHaveBeenCalledTimes(1);

    // No localStorage at all (reading the property threw): the page still sends it once.
    const withoutStorage = createSignupStartRecorder();
    const another = fakeFetch();
    expect(await withoutStorage(newGoogleUser, { storage: null, fetch: another })).toBe('recorded');
    expect(await withoutStorage(newGoogleUser, { storage: null, fetch: another })).toBe('remembered');
    expect(another).toHaveBeenCalledTimes(1);
  });
});
