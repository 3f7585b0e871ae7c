/**
 * The bookmark state of the page's toggles (issue 14), shared by every toggle island of a page. Signed in:
 * the ids the backend says are bookmarked among the page's jobs (one request for all toggles). Anonymous:
 * the browser's own list in localStorage, offered for saving after sign-in (LocalBookmarksPrompt).
 */
import { signedInBackend } from '../account/signed-in-backend.ts';
import { atom } from 'nanostores';
import type { FrontendInfo } from '../../lib/backend-client/index.ts';

export const localBookmarksKey = 'bookmarked-jobs';
/** The most a browser keeps (and the backend saves at once). */
export const maxLocalBookmarks = 100;

export interface BookmarkState {
  ids: ReadonlySet<number>;
  loaded: boolean;
}

export const $bookmarks = atom<BookmarkState>({ ids: new Set(), loaded: false });

export function isSignedIn(): boolean {
  return (document.documentElement.dataset.userKind ?? 'anonymous') !== 'anonymous';
}

export function readLocalBookmarks(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(localBookmarksKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

export function writeLocalBookmarks(ids: readonly number[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(localBookmarksKey);
    else localStorage.setItem(localBookmarksKey, JSON.stringify(ids.slice(-maxLocalBookmarks)));
  } catch {
    // Private mode without storage: the toggle still works for this page.
  }
}

let loading: Promise<void> | null = null;

/** Loads the state once per page: the ids of every toggle on it. */
export function loadBookmarks(frontend: FrontendInfo): Promise<void> {
  loading ??= (async () => {
    if (!isSignedIn()) {
      $bookmarks.set({ ids: new Set(readLocalBookmarks()), loaded: true });
      return;
    }
    const jobIds = [...document.querySelectorAll<HTMLElement>('[data-bookmark-job]')]
      .map((element) => Number(element.dataset.bookmarkJob))
      .filter((id) => Number.isSafeInteger(id) && id > 0)
      .slice(0, maxLocalBookmarks);
    const { bookmarkedJobIds } = await import('../../lib/operations/bookmarks-and-alerts.ts');
    const client = await signedInBackend(frontend);
    const result = await client.request(bookmarkedJobIds, { jobIds });
    $bookmarks.set({ ids: new Set(result.bookmarkedJobIds), loaded: true });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Adds or removes one job; throws when the backend refuses (the toggle then shows its error). */
export async function setBookmark(frontend: FrontendInfo, jobId: number, bookmarked: boolean): Promise<void> {
  const ids = new Set($bookmarks.get().ids);
  if (bookmarked) ids.add(jobId);
  else ids.delete(jobId);
  if (!isSignedIn()) {
    writeLocalBookmarks([...ids]);
    $bookmarks.set({ ids, loaded: true });
    return;
  }
  const operations = await import('../../lib/operations/bookmarks-and-alerts.ts');
  const client = await signedInBackend(frontend);
  if (bookmarked) await client.request(operations.addBookmark, { jobId });
  else await client.request(operations.removeBookmark, { jobId });
  $bookmarks.set({ ids, loaded: true });
}

/** Saves the browser's list to the account (after sign-in) and forgets it; returns how many were kept. */
export async function saveLocalBookmarks(frontend: FrontendInfo): Promise<number> {
  const local = readLocalBookmarks();
  if (local.length === 0) return 0;
  const { saveBookmarks } = await import('../../lib/operations/bookmarks-and-alerts.ts');
  const client = await signedInBackend(frontend);
  const saved = await client.request(saveBookmarks, { jobIds: local.slice(-maxLocalBookmarks) });
  writeLocalBookmarks([]);
  return saved.saveBookmarks.length;
}
