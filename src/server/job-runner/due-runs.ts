/**
 * A scheduled job whose publish date is closer than the runner's look-ahead (index.ts) would wait for the
 * next minute's run. The job workflow asks for a run at that date here; the process's started runner, if
 * any, queues it. Without a runner (tests of the API, `npm run dev`) the request is dropped.
 */
type RunAt = (at: Date) => void;

let queueRunAt: RunAt | null = null;

/** Set by the started runner; null when it stops. */
export function handleScheduleRunRequests(handler: RunAt | null): void {
  queueRunAt = handler;
}

/** A run of the job schedule at `at` (a job's publish date), if this process runs the job runner. */
export function requestScheduleRunAt(at: Date): void {
  queueRunAt?.(at);
}
