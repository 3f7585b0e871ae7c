/**
 * "Get these jobs by e-mail" on the search results (issue 14): a button and a dialog that save the search
 * as a job alert with a frequency of SPEC 9. Anonymous visitors give an address and confirm it by mail
 * (double opt-in); signed-in visitors' alerts go to their account. The dialog also opens by itself when the
 * visitor has spent 20 seconds on the results, at most once per jobAlertModalFrequencyDays (10, SPEC 9),
 * remembered in the browser.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import type { FieldErrors } from '../../lib/field-errors.ts';
import {
  alertModalStorageKey,
  isAlertModalDue,
  type JobAlertFrequency,
} from '../../lib/job-alerts/job-alert-schema.ts';
import type { JobSearchInput } from '../../lib/operations/generated/types.ts';
import './job-alerts.css';

export interface JobAlertSignupMessages {
  cta: string;
  title: string;
  intro: string;
  email: string;
  emailSignedIn: string;
  frequency: string;
  frequencies: Record<Exclude<JobAlertFrequency, 'none'>, string>;
  submit: string;
  close: string;
  created: string;
  /** With {email}. */
  checkMail: string;
  privacy: string;
  failed: string;
}

interface Props {
  label: string;
  searchPath: string;
  search: JobSearchInput;
  frontend: FrontendInfo;
  isSignedIn: boolean;
  modalFrequencyDays: number;
  messages: JobAlertSignupMessages;
}

const offered = ['daily', 'weekly', 'monthly'] as const;

/** How long the results are shown before the dialog offers itself. */
const alertModalDelayMs = 20_000;

type Outcome = { kind: 'created' } | { kind: 'checkMail'; email: string } | null;

function rememberShown(now: number): void {
  try {
    localStorage.setItem(alertModalStorageKey, String(now));
  } catch {
    // Without storage the dialog may open again on the next visit.
  }
}

function lastShown(): number | null {
  try {
    const stored = localStorage.getItem(alertModalStorageKey);
    return stored === null ? null : Number(stored);
  } catch {
    return Date.now();
  }
}

export default function JobAlertSignup(props: Props) {
  const { messages } = props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [frequency, setFrequency] = useState<(typeof offered)[number]>('daily');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isBusy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  function open() {
    rememberShown(Date.now());
    dialog.current?.showModal();
  }

  // Offered by itself after a while on the results (never at once: the visitor came to read them), at
  // most every N days; a visitor who opened it already is not asked again.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (document.visibilityState !== 'visible' || dialog.current?.open) return;
      if (isAlertModalDue(lastShown(), Date.now(), props.modalFrequencyDays)) open();
    }, alertModalDelayMs);
    return () => window.clearTimeout(timer);
  }, [props.modalFrequencyDays]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    setErrors({});
    try {
      const [{ createBackendClient, BackendGraphQLError }, { createJobAlert }, { refreshSession }] = await Promise.all([
        import('../../lib/backend-client/index.ts'),
        import('../../lib/operations/bookmarks-and-alerts.ts'),
        import('../../stores/session.ts'),
      ]);
      const token = props.isSignedIn ? (await refreshSession()).data?.jwt : undefined;
      const client = createBackendClient({
        transport: { kind: 'http', endpoint: new URL('/graphql', window.location.origin).href },
        frontend: props.frontend,
        ...(token ? { token } : {}),
      });
      try {
        const { createJobAlert: result } = await client.request(createJobAlert, {
          input: {
            ...(token ? {} : { email }),
            frequency,
            label: props.label,
            searchPath: props.searchPath,
            search: props.search,
          },
        });
        setOutcome(result.needsConfirmation ? { kind: 'checkMail', email: result.alert.email } : { kind: 'created' });
      } catch (error) {
        const first = error instanceof BackendGraphQLError ? error.errors[0] : undefined;
        const fieldErrors = first?.extensions?.fieldErrors;
        if (fieldErrors && typeof fieldErrors === 'object') setErrors(fieldErrors);
        else setErrors({ form: first?.message ?? messages.failed });
      }
    } catch {
      setErrors({ form: messages.failed });
    } finally {
      setBusy(false);
    }
  }

  const emailError = errors.email;
  const frequencyError = errors.frequency;
  const otherError =
    errors.form ?? Object.entries(errors).find(([field]) => field !== 'email' && field !== 'frequency')?.[1];

  return (
    <div className="job-alert">
      <button type="button" className="button job-alert__cta" onClick={open}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 16a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {messages.cta}
      </button>
      <dialog ref={dialog} className="job-alert__dialog" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{messages.title}</h2>
        {outcome ? (
          <div className="stack">
            <p role="status" className="job-alert__done">
              {outcome.kind === 'created' ? messages.created : messages.checkMail.replace('{email}', outcome.email)}
            </p>
            <form method="dialog">
              <button type="submit" className="button">
                {messages.close}
              </button>
            </form>
          </div>
        ) : (
          <form className="stack" method="post" noValidate onSubmit={(event) => void submit(event)}>
            <p>{messages.intro}</p>
            {props.isSignedIn ? (
              <p>{messages.emailSignedIn}</p>
            ) : (
              <div className="field">
                <label htmlFor={`${id}-email`}>{messages.email}</label>
                <input
                  id={`${id}-email`}
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? `${id}-email-error` : undefined}
                />
                {emailError && (
                  <p className="field__error" id={`${id}-email-error`}>
                    {emailError}
                  </p>
                )}
              </div>
            )}
            <fieldset
              className="job-alert__frequencies"
              aria-describedby={frequencyError ? `${id}-frequency-error` : undefined}
            >
              <legend>{messages.frequency}</legend>
              {offered.map((value) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="frequency"
                    value={value}
                    checked={frequency === value}
                    onChange={() => setFrequency(value)}
                  />
                  {messages.frequencies[value]}
                </label>
              ))}
              {frequencyError && (
                <p className="field__error" id={`${id}-frequency-error`}>
                  {frequencyError}
                </p>
              )}
            </fieldset>
            {otherError && (
              <p className="field__error" role="alert">
                {otherError}
              </p>
            )}
            <p className="job-alert__privacy">{messages.privacy}</p>
            <div className="job-alert__actions">
              <button type="submit" className="button" aria-busy={isBusy || undefined}>
                {messages.submit}
              </button>
              <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
                {messages.close}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </div>
  );
}
