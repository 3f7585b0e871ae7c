/**
 * The GDPR consent modal (SPEC sections 4, 5, 8 and 9): rendered only on pages where the server found the
 * signed-in visitor has not agreed to the latest revision of the modal's consent text, so other pages load
 * none of this. A native modal dialog: the rest of the page is inert while it is open (focus stays inside),
 * Escape and the close button hide it, and focus returns to where it was. The checkbox is validated on
 * change and the confirm button stays disabled until it is ticked; confirming saves the consent through
 * createGdprUserConsent and shows the success flag.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';

export interface GdprConsentModalMessages {
  title: string;
  checkbox: string;
  required: string;
  confirm: string;
  close: string;
  saved: string;
  failed: string;
}

interface Props {
  infoId: number;
  /** The consent text (sanitised HTML from getGdprConsentInfos). */
  text: string;
  /** The signed-in visitor's address: the consent is recorded for it. */
  mail: string;
  frontend: FrontendInfo;
  messages: GdprConsentModalMessages;
}

export default function GdprConsentModal({ infoId, text, mail, frontend, messages }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [isAccepted, setAccepted] = useState(false);
  const [isTouched, setTouched] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaved, setSaved] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
  }, []);

  // A modal dialog makes the page inert, but Tab past its last control would leave for the browser's own
  // controls: keep it cycling inside (SPEC 4: focus is trapped).
  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])'),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onClosed() {
    const target = returnFocus.current ?? document.getElementById('main');
    target?.focus();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!isAccepted || isBusy) return;
    setBusy(true);
    setFailure(null);
    try {
      const [{ signedInBackend }, { createGdprUserConsent }] = await Promise.all([
        import('../account/signed-in-backend.ts'),
        import('./operations.ts'),
      ]);
      const backend = await signedInBackend(frontend);
      const { createGdprUserConsent: result } = await backend.request(createGdprUserConsent, { mail, infoId });
      if (!result.consent) {
        setFailure(result.errors[0] ?? messages.failed);
        return;
      }
      setSaved(true);
      dialog.current?.close();
    } catch {
      setFailure(messages.failed);
    } finally {
      setBusy(false);
    }
  }

  const showRequired = isTouched && !isAccepted;
  return (
    <>
      <dialog
        ref={dialog}
        className="gdpr-modal"
        aria-labelledby={`${id}-title`}
        data-gdpr-modal
        onClose={onClosed}
        onKeyDown={trapFocus}
      >
        <form className="stack" method="post" noValidate onSubmit={(event) => void submit(event)}>
          <h2 id={`${id}-title`}>{messages.title}</h2>
          <div className="gdpr-modal__text" dangerouslySetInnerHTML={{ __html: text }} />
          <div className="gdpr-modal__check">
            <input
              id={`${id}-accept`}
              type="checkbox"
              name="consent"
              checked={isAccepted}
              required
              aria-invalid={showRequired || undefined}
              aria-describedby={showRequired ? `${id}-required` : undefined}
              onChange={(event) => {
                setAccepted(event.target.checked);
                setTouched(true);
              }}
            />
            <label htmlFor={`${id}-accept`}>{messages.checkbox}</label>
          </div>
          {showRequired && (
            <p className="field__error" id={`${id}-required`}>
              {messages.required}
            </p>
          )}
          {failure && (
            <p className="field__error" role="alert">
              {failure}
            </p>
          )}
          <div className="gdpr-modal__actions">
            <button type="submit" className="button" disabled={!isAccepted || isBusy} aria-busy={isBusy || undefined}>
              {messages.confirm}
            </button>
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              {messages.close}
            </button>
          </div>
        </form>
      </dialog>
      {isSaved && (
        <div className="alert alert--success gdpr-modal__flag" role="status" data-gdpr-saved>
          <div className="alert__body">{messages.saved}</div>
        </div>
      )}
    </>
  );
}
