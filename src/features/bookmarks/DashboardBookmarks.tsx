/**
 * The applicant's bookmarks on the dashboard (issue 14): each kept job with a link (or "no longer
 * available" when it was archived or expired) and a remove button; above them, when this browser kept
 * jobs before sign-in, the offer to save them to the account.
 */
import { useBusyAction } from '../account/use-busy-action.ts';
import { useEffect, useState } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { Bookmark } from '../../lib/operations/bookmarks-and-alerts.ts';
import { readLocalBookmarks, saveLocalBookmarks, writeLocalBookmarks } from './bookmark-store.ts';
import { signedInBackend } from '../account/signed-in-backend.ts';

export interface DashboardBookmarksMessages {
  empty: string;
  unavailable: string;
  /** With {title}. */
  remove: string;
  /** With {count}. */
  localPrompt: string;
  localSave: string;
  localDismiss: string;
  localSaved: string;
  failed: string;
}

interface Props {
  initial: Bookmark[];
  /** Job URLs as the visitor sees them (locale prefix), by job id. */
  hrefs: Record<number, string>;
  frontend: FrontendInfo;
  messages: DashboardBookmarksMessages;
}

export default function DashboardBookmarks({ initial, hrefs, frontend, messages }: Props) {
  const [list, setList] = useState(initial);
  const [localCount, setLocalCount] = useState(0);
  const { isBusy, notice, setNotice, run } = useBusyAction(messages.failed);

  useEffect(() => setLocalCount(readLocalBookmarks().length), []);

  const saveLocal = () =>
    run(async () => {
      await saveLocalBookmarks(frontend);
      setLocalCount(0);
      const { bookmarks } = await import('../../lib/operations/bookmarks-and-alerts.ts');
      setList((await (await signedInBackend(frontend)).request(bookmarks, {})).bookmarks);
      setNotice(messages.localSaved);
    });

  const remove = (jobId: number) =>
    run(async () => {
      const { removeBookmark } = await import('../../lib/operations/bookmarks-and-alerts.ts');
      await (await signedInBackend(frontend)).request(removeBookmark, { jobId });
      setList((current) => current.filter((bookmark) => bookmark.jobId !== jobId));
    });

  return (
    <div className="stack dashboard-bookmarks">
      {localCount > 0 && (
        <div className="alert alert--info" data-local-bookmarks>
          <div className="stack">
            <p>{messages.localPrompt.replace('{count}', String(localCount))}</p>
            <p className="account-actions">
              <button type="button" className="button" onClick={() => void saveLocal()} aria-busy={isBusy || undefined}>
                {messages.localSave}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  writeLocalBookmarks([]);
                  setLocalCount(0);
                }}
              >
                {messages.localDismiss}
              </button>
            </p>
          </div>
        </div>
      )}
      {notice && <p role="status">{notice}</p>}
      {list.length === 0 ? (
        <p>{messages.empty}</p>
      ) : (
        <ul className="dashboard-list">
          {list.map((bookmark) => (
            <li key={bookmark.jobId} data-bookmark={bookmark.jobId}>
              <div>
                {bookmark.isAvailable ? (
                  <a href={hrefs[bookmark.jobId] ?? bookmark.url}>{bookmark.title}</a>
                ) : (
                  <span>{bookmark.title}</span>
                )}
                <span className="dashboard-list__meta">
                  {bookmark.organizationName}
                  {!bookmark.isAvailable && <strong> · {messages.unavailable}</strong>}
                </span>
              </div>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void remove(bookmark.jobId)}
                aria-label={messages.remove.replace('{title}', bookmark.title)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
