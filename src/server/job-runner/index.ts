/**
 * The job runner (decision 0016): pg-boss, a job queue kept in the database's own tables (schema `pgboss`),
 * on PostgreSQL and on PGlite alike. It runs the recurring task of the job workflow, applyJobSchedule
 * (expired jobs archived, due scheduled jobs published), and prunes the search's change list.
 *
 * Once per schedule: pg-boss's cron pass creates one job per schedule slot however many processes run it
 * (the slot is claimed in the database), and the queue's `singleton` policy lets one of them run at a time;
 * with two PM2 workers, each starts a runner and either may pick up a slot's job. The task itself moves a
 * job only from the state it names, so even a retried or doubled run changes and records nothing twice.
 */
import { fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { log, logUnexpected } from '../log.ts';
import { applyJobSchedule, nextDueDates, type AppliedJobSchedule } from '../modules/jobs/apply-job-schedule.ts';
import { registerApplicationUpkeep } from '../modules/applications/application-upkeep.ts';
import { pruneSearchChanges } from '../search/job-index.ts';
import { handleScheduleRunRequests } from './due-runs.ts';
import { registerContactMessages } from './contact-messages.ts';
import { registerJobAlertDigests, registerResumeAlertDigests } from './job-alert-digests.ts';
import { registerResumeContactExpiry } from './resume-contact-expiry.ts';

export const jobScheduleQueue = 'job-schedule';

/**
 * Every minute, the finest a pg-boss schedule goes (one job per 60-second slot). Each run also queues a run
 * at each publish date of a scheduled job and expiry of a published one in the next 90 seconds (until the
 * next minute's run has come), so a scheduled job goes live and an expired one is archived within a second
 * or two of its date, not up to a minute late (the search leaves expired jobs out from their expiry anyway:
 * it compares expires_at with the time of the search).
 */
export const jobScheduleCron = '* * * * *';

/** How far ahead a run queues the runs at publish and expiry dates. */
const lookAheadSeconds = 90;

export interface JobRunnerOptions {
  /** The PostgreSQL URL (its own small pool); unused on PGlite, whose one connection is shared. */
  databaseUrl?: string;
  cron?: string;
  /** How often pg-boss's cron pass looks for due schedules (default 30 s; tests: less). */
  cronMonitorIntervalSeconds?: number;
  /** Hears every run's result (tests). */
  onRun?: (result: AppliedJobSchedule) => void;
}

export interface JobRunner {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss (creating or migrating its schema), the worker of the task and its schedule. */
export async function startJobRunner(handle: DatabaseHandle, options: JobRunnerOptions = {}): Promise<JobRunner> {
  const timing = {
    cronWorkerIntervalSeconds: 1,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    superviseIntervalSeconds: 60,
  };
  let boss: PgBoss;
  if (handle.dialect === 'pglite') {
    boss = new PgBoss({ db: fromPglite(handle.client), backend: 'pglite', ...timing });
  } else {
    if (!options.databaseUrl) throw new Error('the job runner needs the PostgreSQL URL');
    boss = new PgBoss({
      connectionString: options.databaseUrl,
      max: 2,
      application_name: 'jobboard-job-runner',
      ...timing,
    });
  }
  boss.on('error', (error) => logUnexpected('job-runner', 'the job runner reported an error', error));
  await boss.start();
  await boss.createQueue(jobScheduleQueue, {
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 120,
    deleteAfterSeconds: 60 * 60,
  });
  await boss.work(jobScheduleQueue, { pollingIntervalSeconds: 1 }, async () => {
    const result = await applyJobSchedule(handle.db);
    await pruneSearchChanges(handle.db);
    for (const at of await nextDueDates(handle.db, lookAheadSeconds)) {
      await boss.send(jobScheduleQueue, null, { startAfter: at });
    }
    if (result.archived.length > 0 || result.published.length > 0) {
      log('job-runner').info(
        { archived: result.archived.length, published: result.published.length },
        'applied the job schedule',
      );
    }
    options.onRun?.(result);
  });
  await boss.schedule(jobScheduleQueue, options.cron ?? jobScheduleCron);
  await registerApplicationUpkeep(boss, handle.db);
  // A job scheduled within the look-ahead, after this minute's run looked ahead, gets its own run too.
  handleScheduleRunRequests((at) => {
    if (at.getTime() - Date.now() > lookAheadSeconds * 1000) return;
    boss.send(jobScheduleQueue, null, { startAfter: at }).catch((error: unknown) => {
      logUnexpected('job-runner', `the run at ${at.toISOString()} was not queued`, error);
    });
  });
  await registerJobAlertDigests(boss, handle);
  await registerResumeAlertDigests(boss, handle);
  await registerContactMessages(boss, handle);
  await registerResumeContactExpiry(boss, handle);
  // And once now: catches up after downtime, and looks ahead before the first cron pass (up to 30 s away).
  await boss.send(jobScheduleQueue, null);
  return {
    boss,
    stop: () => {
      handleScheduleRunRequests(null);
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
