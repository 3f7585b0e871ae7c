/**
 * The session island (SPEC section 4): rendered only for signed-in visitors, it keeps `$session` current
 * and, when the session ends elsewhere (another tab signed out, the session expired), shows the signed-out
 * page: a reload, so protected pages send the visitor to sign-in. Should the server still render the page
 * as signed in right after such a reload, it swaps the header's user area for the sign-in link instead.
 * It also sends the signup-start event of a new social sign-up (stores/signup-start.ts).
 */
import { useEffect, useState } from 'react';
import { $session, watchSession } from '../../stores/session';
import { recordSignupStart } from '../../stores/signup-start';

interface Props {
  signInHref: string;
  messages: { signedOut: string; signIn: string };
  /** Seconds between session refetches; 0 turns polling off. */
  pollSeconds?: number;
}

const reloadKey = 'session-watcher-reloaded-at';
/** A second reload within this time means the server still sees the session: no reload loop. */
const reloadGuardMs = 15_000;

function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(reloadKey) ?? 0);
    if (Date.now() - last < reloadGuardMs) return false;
    sessionStorage.setItem(reloadKey, String(Date.now()));
  } catch {
    // No storage: reload anyway, the next page's watcher decides again.
  }
  window.location.reload();
  return true;
}

function swapHeader(signInHref: string, label: string) {
  const user = document.querySelector<HTMLAnchorElement>('[data-signed-in]');
  if (!user) return;
  user.removeAttribute('data-signed-in');
  user.removeAttribute('title');
  user.classList.remove('site-header__user');
  user.href = signInHref;
  const text = user.querySelector('span');
  if (text) text.textContent = label;
}

export default function SessionWatcher({ signInHref, messages, pollSeconds = 0 }: Props) {
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    const stop = watchSession({ pollSeconds });
    const unsubscribe = $session.subscribe((state) => {
      // SPEC section 4: the signup-start event of a new social sign-up (never throws).
      if (state.status === 'authenticated') void recordSignupStart(state);
      if (state.status !== 'unauthenticated') return;
      if (reloadOnce()) return;
      swapHeader(signInHref, messages.signIn);
      setSignedOut(true);
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, [signInHref, messages.signIn, pollSeconds]);

  if (!signedOut) return null;
  return (
    <div className="alert alert--warning" role="alert" data-session-ended>
      <div className="alert__body">
        <p>
          {messages.signedOut} <a href={signInHref}>{messages.signIn}</a>
        </p>
      </div>
    </div>
  );
}
