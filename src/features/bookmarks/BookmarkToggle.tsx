/**
 * The bookmark toggle of a job page and of each result teaser (issue 14). Rendered on the server as a plain
 * button without per-visitor state (the page may be cached for every anonymous visitor, decision 0015);
 * hydrated with `client:interaction="bookmarks"`: on the first click, or on idle when the visitor is signed
 * in or this browser keeps bookmarks. Then it shows whether the job is kept and toggles it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import { $bookmarks, loadBookmarks, setBookmark } from './bookmark-store.ts';

export interface BookmarkToggleMessages {
  add: string;
  added: string;
  label: string;
  failed: string;
}

interface Props {
  jobId: number;
  frontend: FrontendInfo;
  messages: BookmarkToggleMessages;
  /** "compact" in result teasers: the icon with a visually hidden text. */
  variant?: 'page' | 'compact';
}

export default function BookmarkToggle({ jobId, frontend, messages, variant = 'page' }: Props) {
  const state = useStore($bookmarks);
  const [isBusy, setBusy] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const isBookmarked = state.ids.has(jobId);

  useEffect(() => {
    loadBookmarks(frontend).catch(() => setFailed(true));
  }, [frontend]);

  async function toggle() {
    if (isBusy) return;
    setBusy(true);
    setFailed(false);
    try {
      await loadBookmarks(frontend);
      await setBookmark(frontend, jobId, !$bookmarks.get().ids.has(jobId));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className={`bookmark bookmark--${variant}`} data-bookmark-job={jobId}>
      <button
        type="button"
        className="bookmark__button"
        aria-pressed={isBookmarked}
        aria-label={variant === 'compact' ? messages.label : undefined}
        aria-busy={isBusy || undefined}
        data-bookmark-ready={state.loaded ? 'true' : undefined}
        onClick={() => void toggle()}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
            fill={isBookmarked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {variant === 'page' && <span>{isBookmarked ? messages.added : messages.add}</span>}
      </button>
      {hasFailed && (
        <span className="bookmark__error" role="alert">
          {messages.failed}
        </span>
      )}
    </span>
  );
}
