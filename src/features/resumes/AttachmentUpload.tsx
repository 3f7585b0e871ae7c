import { useState } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import { operation, send } from '../applications/apply-client.ts';
import { uploadResumeAttachment } from './operations.ts';

/**
 * The attachments box's upload (issue 17): a file input that sends the file as a GraphQL multipart request
 * and reloads the page with the new file listed. The server checks type, content and size (SPEC 5).
 */
export default function AttachmentUpload(props: { frontend: FrontendInfo; messages: Record<string, string> }) {
  const m = (key: string) => props.messages[key] ?? key;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(m('resume.attachments.fileMissing'));
      return;
    }
    const body = new FormData();
    body.set('operations', operation(uploadResumeAttachment, { file: null }));
    body.set('map', JSON.stringify({ '0': ['variables.file'] }));
    body.set('0', file, file.name);
    setBusy(true);
    const result = await send(props.frontend, body, false);
    setBusy(false);
    if (result.kind === 'ok') location.reload();
    else if (result.kind === 'invalid') setError(result.fieldErrors.file ?? m('resume.error.failed'));
    else setError(result.kind === 'refused' ? result.message : m('resume.error.failed'));
  }

  return (
    <form className="stack" method="post" onSubmit={(event) => void submit(event)} noValidate>
      <div className={`field account-field${error ? ' account-field--invalid' : ''}`}>
        <label htmlFor="resume-attachment">{m('resume.attachments.file')}</label>
        <input
          id="resume-attachment"
          name="file"
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'resume-attachment-error' : undefined}
        />
        {error && (
          <p id="resume-attachment-error" className="account-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button className="button button--secondary" type="submit" disabled={busy}>
        {m('resume.attachments.upload')}
      </button>
    </form>
  );
}
