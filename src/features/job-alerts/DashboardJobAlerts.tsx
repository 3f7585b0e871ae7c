/**
 * The applicant's job alerts on the dashboard (issue 14): each saved search with its frequency (SPEC 9;
 * "none" pauses it), whether it waits for its confirmation mail, and delete.
 */
import { useBusyAction } from '../account/use-busy-action.ts';
import { useId, useState } from 'react';
import type { FrontendInfo } from '../../lib/backend-client/client.ts';
import { jobAlertFrequencies, type JobAlertFrequency } from '../../lib/job-alerts/job-alert-schema.ts';
import type { JobAlert } from '../../lib/operations/bookmarks-and-alerts.ts';
import { signedInBackend } from '../account/signed-in-backend.ts';
import './job-alerts.css';

export interface DashboardJobAlertsMessages {
  empty: string;
  pending: string;
  paused: string;
  frequency: string;
  frequencies: Record<JobAlertFrequency, string>;
  save: string;
  saved: string;
  /** With {search}. */
  remove: string;
  failed: string;
}

interface Props {
  initial: JobAlert[];
  frontend: FrontendInfo;
  messages: DashboardJobAlertsMessages;
}

function AlertRow({
  alert,
  frontend,
  messages,
  onDeleted,
}: {
  alert: JobAlert;
  frontend: FrontendInfo;
  messages: DashboardJobAlertsMessages;
  onDeleted: () => void;
}) {
  const id = useId();
  const [current, setCurrent] = useState(alert);
  const [frequency, setFrequency] = useState(alert.frequency as JobAlertFrequency);
  const { isBusy, notice, setNotice, run } = useBusyAction(messages.failed);

  return (
    <li data-job-alert={current.id}>
      <div>
        <a href={current.searchPath}>{current.label}</a>
        <span className="dashboard-list__meta">
          {current.email}
          {!current.isConfirmed && ` · ${messages.pending}`}
          {current.isConfirmed && current.frequency === 'none' && ` · ${messages.paused}`}
        </span>
      </div>
      <form
        className="job-alerts__edit"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const { updateJobAlert } = await import('../../lib/operations/bookmarks-and-alerts.ts');
            const result = await (
              await signedInBackend(frontend)
            ).request(updateJobAlert, { id: current.id, input: { frequency } });
            setCurrent(result.updateJobAlert);
            setNotice(messages.saved);
          });
        }}
      >
        <label htmlFor={`${id}-frequency`} className="visually-hidden">
          {messages.frequency}
        </label>
        <select
          id={`${id}-frequency`}
          value={frequency}
          onChange={(event) => setFrequency(event.target.value as JobAlertFrequency)}
        >
          {jobAlertFrequencies.map((value) => (
            <option key={value} value={value}>
              {messages.frequencies[value]}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary" aria-busy={isBusy || undefined}>
          {messages.save}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={messages.remove.replace('{search}', current.label)}
          onClick={() =>
            void run(async () => {
              const { deleteJobAlert } = await import('../../lib/operations/bookmarks-and-alerts.ts');
              await (await signedInBackend(frontend)).request(deleteJobAlert, { id: current.id });
              onDeleted();
            })
          }
        >
          ✕
        </button>
        {notice && (
          <span role="status" className="job-alerts__notice">
            {notice}
          </span>
        )}
      </form>
    </li>
  );
}

export default function DashboardJobAlerts({ initial, frontend, messages }: Props) {
  const [list, setList] = useState(initial);
  if (list.length === 0) return <p>{messages.empty}</p>;
  return (
    <ul className="dashboard-list job-alerts">
      {list.map((alert) => (
        <AlertRow
          key={alert.id}
          alert={alert}
          frontend={frontend}
          messages={messages}
          onDeleted={() => setList((current) => current.filter((candidate) => candidate.id !== alert.id))}
        />
      ))}
    </ul>
  );
}
