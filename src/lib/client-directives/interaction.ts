/**
 * `client:interaction`: an island that loads no JavaScript until it is used (issue 14, decision 0018's
 * note on the bookmark toggle). Astro inlines this directive (its hash is in the CSP); the island's code and
 * React are fetched on the first click inside the island, which is then replayed on the hydrated island.
 * With the value "bookmarks" it also hydrates once the browser is idle when there is state to show: the
 * visitor is signed in (the page is then rendered for them and never cached) or this browser keeps bookmarks.
 */
import type { ClientDirective } from 'astro';

/** The browser's bookmarks of anonymous visits (src/features/bookmarks/bookmark-store.ts). */
const localBookmarksKey = 'bookmarked-jobs';

function hasStateToShow(value: unknown): boolean {
  if (value !== 'bookmarks') return false;
  if ((document.documentElement.dataset.userKind ?? 'anonymous') !== 'anonymous') return true;
  try {
    const stored = localStorage.getItem(localBookmarksKey);
    return stored !== null && stored !== '[]';
  } catch {
    return false;
  }
}

const interaction: ClientDirective = (load, options, el) => {
  let state: 'waiting' | 'loading' | 'ready' = 'waiting';
  let replay: HTMLElement | null = null;
  const start = async () => {
    if (state !== 'waiting') return;
    state = 'loading';
    const hydrate = await load();
    await hydrate();
    state = 'ready';
    el.removeEventListener('click', onClick, true);
    const target = replay;
    replay = null;
    // React hydrates the clicked part at once when the replayed click reaches it.
    if (target?.isConnected) requestAnimationFrame(() => target.click());
  };
  const onClick = (event: Event) => {
    if (state === 'ready') return;
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button, a, input') : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    replay = target;
    void start();
  };
  el.addEventListener('click', onClick, true);
  if (hasStateToShow(options.value)) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start(), { timeout: 3000 });
    else setTimeout(() => void start(), 200);
  }
};

export default interaction;
