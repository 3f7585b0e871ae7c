/**
 * "Generate description" (SPEC section 9): a button that asks POST /api/job-description for an AI draft of
 * the job's description and hands the text on piece by piece as it streams in. For the job form's editor
 * (mounted next to the Quill toolbar); it never touches the editor itself.
 *
 * Props
 * - `enabled` (boolean): show the button at all. Pass the page's `jobDescriptionAvailable` (GraphQL query
 *   in ./operations.ts: the feature is configured and the viewer is a recruiter or staff). False renders
 *   nothing.
 * - `job` (JobDescriptionInput, src/lib/job-description.ts, or a function returning it): the job's fields
 *   as the form shows them, read when the button is pressed: `language` ('de' | 'en' | 'fr', the job's
 *   language), `title` (required), and optionally `organization`, `locations`, `remoteOptions`,
 *   `employmentTypes`, `occupationalFields`, `degreeLevel`, `yearsOfExperience`, `salary`, `languages`,
 *   `skills` — labels, not ids. Lists: up to 10 entries of up to 100 characters.
 * - `onChunk(text)`: each piece of plain text, in order (headings on lines of their own, list items
 *   starting with "- "). Insert it at the end of the editor (Quill: `insertText(getLength() - 1, text)`).
 * - `onStart()` (optional): called once before the first piece, e.g. to clear an empty editor or add a
 *   blank line after what the recruiter wrote.
 * - `onDone(text)` (optional): the whole draft when it is complete.
 * - `onError(message)` (optional): a failure, in the visitor's language; the component shows it too.
 *   Pieces already handed on stay where they are: nothing the recruiter typed is taken away.
 * - `locale`: the page's locale ('de' | 'en-GB' | 'fr'), for the server's messages.
 * - `messages`: `pickGenerateDescriptionMessages(t)` (./messages.ts), translated on the server.
 * - `disabled` (optional): e.g. while the form saves.
 *
 * Styles: the page imports ./generate-description.css.
 *
 * The button reads "Stop" while the draft streams; stopping, unmounting or leaving the page aborts the
 * request (and the provider's). The draft is always editable before saving: the form saves the editor.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { JobDescriptionInput, JobDescriptionStreamLine } from '../../lib/job-description.ts';
import type { GenerateDescriptionMessages } from './messages.ts';

export interface GenerateDescriptionProps {
  enabled: boolean;
  job: JobDescriptionInput | (() => JobDescriptionInput);
  onChunk: (text: string) => void;
  onStart?: () => void;
  onDone?: (text: string) => void;
  onError?: (message: string) => void;
  locale: string;
  messages: GenerateDescriptionMessages;
  disabled?: boolean;
}

type Status = { kind: 'idle' } | { kind: 'streaming' } | { kind: 'done' } | { kind: 'error'; message: string };

/** The endpoint's NDJSON lines as they arrive; a line split across reads is joined first. */
export async function* streamLines(body: ReadableStream<Uint8Array>): AsyncGenerator<JobDescriptionStreamLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    // `stream: true` keeps a character split between two reads for the next one.
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line !== '') yield JSON.parse(line) as JobDescriptionStreamLine;
    }
    if (done) return;
  }
}

/** The message of a refusal body (`{ error: { message } }`), or null. */
async function refusalMessage(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

export default function GenerateDescription(props: GenerateDescriptionProps) {
  const { enabled, messages, disabled = false } = props;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const hintId = useId();
  // The latest callbacks, so a parent's re-render during the stream is honoured.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => () => controller.current?.abort(), []);

  if (!enabled) return null;

  const fail = (message: string) => {
    setStatus({ kind: 'error', message });
    latest.current.onError?.(message);
  };

  async function generate() {
    const job = typeof latest.current.job === 'function' ? latest.current.job() : latest.current.job;
    if (job.title.trim() === '') {
      fail(messages['jobDescription.error.titleMissing']);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setStatus({ kind: 'streaming' });
    let text = '';
    let started = false;
    try {
      const response = await fetch(`/api/job-description?locale=${encodeURIComponent(latest.current.locale)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(job),
        credentials: 'same-origin',
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        fail((await refusalMessage(response)) ?? messages['jobDescription.error.failed']);
        return;
      }
      for await (const line of streamLines(response.body)) {
        if ('text' in line) {
          if (!started) {
            started = true;
            latest.current.onStart?.();
          }
          text += line.text;
          latest.current.onChunk(line.text);
        } else if ('error' in line) {
          fail(line.error.message);
          return;
        } else {
          setStatus({ kind: 'done' });
          latest.current.onDone?.(text);
          return;
        }
      }
      // The connection closed without the last line.
      fail(messages['jobDescription.error.network']);
    } catch {
      if (abort.signal.aborted) setStatus({ kind: 'idle' });
      else fail(messages['jobDescription.error.network']);
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const streaming = status.kind === 'streaming';
  return (
    <div className="generate-description">
      {/* One button that turns into "Stop" while the draft streams, so keyboard focus stays on it. */}
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={hintId}
        disabled={disabled && !streaming}
        onClick={() => (streaming ? controller.current?.abort() : void generate())}
      >
        {streaming ? messages['jobDescription.stop'] : messages['jobDescription.generate']}
      </button>
      <p id={hintId} className="generate-description__hint">
        {messages['jobDescription.hint']}
      </p>
      <p role="status" className="generate-description__status">
        {streaming
          ? messages['jobDescription.generating']
          : status.kind === 'done'
            ? messages['jobDescription.done']
            : ''}
      </p>
      {status.kind === 'error' && (
        <p role="alert" className="generate-description__error">
          {status.message}
        </p>
      )}
    </div>
  );
}
