import { getConfig } from '../config.ts';
import { getDatabase } from '../db/index.ts';
import { log, logUnexpected } from '../log.ts';
import { startJobRunner, type JobRunner } from './index.ts';

/** Set by scripts/serve.mjs for the processes that serve the site (`npm start`, PM2); tests start their own. */
export const jobRunnerSwitch = 'JOBBOARD_JOB_RUNNER';

let started: Promise<JobRunner | null> | undefined;

/**
 * Starts the job runner (decision 0016) once per server process, from inside the built server, so that it
 * shares the bundle's one copy of Drizzle, the schema and the database handle. The middleware's module calls
 * it when it loads; scripts/serve.mjs imports that module as soon as the server listens, so the runner
 * starts with the server and not with the first visitor. A runner that cannot start is logged and the site
 * keeps serving (expired jobs leave the search at their expiry anyway).
 */
export function startJobRunnerInServer(): Promise<JobRunner | null> {
  started ??=
    process.env[jobRunnerSwitch] === 'on'
      ? getDatabase()
          .then(async (handle) => {
            const runner = await startJobRunner(handle, { databaseUrl: getConfig().DATABASE_URL });
            log('job-runner').info('the job runner started');
            return runner;
          })
          .catch((error: unknown) => {
            logUnexpected(
              'job-runner',
              'the job runner did not start: expired jobs stay published, scheduled ones wait',
              error,
            );
            return null;
          })
      : Promise.resolve(null);
  return started;
}
