/**
 * The job alert digests on the job runner (decision 0018): a queue with its own schedule, registered by the
 * runner's start. The task is `sendJobAlertDigests`; what makes it send each period once is the claim in
 * the database, not the queue (a run may be doubled or retried without harm).
 */
import type { PgBoss } from 'pg-boss';
import { getAuthSecret } from '../auth/secret.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { log } from '../log.ts';
import { openMailBatch } from '../mail/send-mail.ts';
import type { DigestRunOptions, DigestRunResult } from '../modules/alerts/digest-runner.ts';
import { sendJobAlertDigests, type JobDigestRunOptions } from '../modules/job-alerts/send-job-alert-digests.ts';
import { sendResumeAlertDigests } from '../modules/resume-alerts/send-resume-alert-digests.ts';

export const jobAlertDigestQueue = 'job-alert-digests';

/** Every minute: due alerts are found by one index look-up, so an idle run costs one statement. */
export const jobAlertDigestCron = '* * * * *';

/**
 * Digests searched and mailed at a time, over as many pooled SMTP connections (a relay such as Postfix
 * accepts 50 from one client by default). Sending is bound by each mail's round trips, not by CPU: over
 * loopback SMTP the 10,000-alert run took 152 s with 8, 78 s with 16 and 46 s with 32 (bench/alerts).
 */
export const digestConcurrency = 32;

/** A digest queue's settings: the run's options (tests set the clock and the transport), schedule and hook. */
export type AlertDigestQueueOptions<Run extends DigestRunOptions = DigestRunOptions> = Partial<Omit<Run, 'db'>> & {
  cron?: string;
  onRun?: (result: DigestRunResult) => void;
};

export type JobAlertDigestOptions = AlertDigestQueueOptions<JobDigestRunOptions>;

/**
 * One alert kind's digest queue (job alerts, resume alerts): its own schedule and a singleton worker that
 * runs the kind's digests with a pooled mail batch.
 */
async function registerAlertDigestQueue(
  boss: PgBoss,
  handle: DatabaseHandle,
  queue: string,
  run: (options: DigestRunOptions) => Promise<DigestRunResult>,
  options: AlertDigestQueueOptions,
): Promise<void> {
  await boss.createQueue(queue, {
    policy: 'singleton',
    retryLimit: 1,
    // A run of 10,000 alerts takes well under a minute (bench/alerts); a stuck one is failed after 15.
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 60 * 60,
  });
  await boss.work(queue, { pollingIntervalSeconds: 5 }, async () => {
    const mails = options.send ? null : openMailBatch(digestConcurrency);
    let result: DigestRunResult;
    try {
      result = await run({
        concurrency: digestConcurrency,
        ...options,
        send: options.send ?? mails!.send,
        db: handle.db,
        secret: options.secret ?? getAuthSecret(),
      });
    } finally {
      mails?.close();
    }
    if (result.claimed + result.resumed > 0) log('job-runner').info({ queue, ...result }, 'sent alert digests');
    options.onRun?.(result);
  });
  await boss.schedule(queue, options.cron ?? jobAlertDigestCron);
}

export async function registerJobAlertDigests(
  boss: PgBoss,
  handle: DatabaseHandle,
  options: JobAlertDigestOptions = {},
): Promise<void> {
  await registerAlertDigestQueue(
    boss,
    handle,
    jobAlertDigestQueue,
    (run) => sendJobAlertDigests({ ...options, ...run }),
    options,
  );
}

export const resumeAlertDigestQueue = 'resume-alert-digests';

/** The resume alerts' digests (issue 17), on the same machinery and schedule. */
export async function registerResumeAlertDigests(
  boss: PgBoss,
  handle: DatabaseHandle,
  options: AlertDigestQueueOptions = {},
): Promise<void> {
  await registerAlertDigestQueue(boss, handle, resumeAlertDigestQueue, sendResumeAlertDigests, options);
}
