import type { PgBoss } from 'pg-boss';
import { getAuthSecret } from '../../auth/secret.ts';
import type { Database } from '../../db/index.ts';
import { retryPendingApplicationMails } from './deliver-application-mails.ts';
import { removeUnattachedApplicationFiles } from './get-application-form.ts';

export const applicationUpkeepQueue = 'application-upkeep';

/** Every five minutes. */
export const applicationUpkeepCron = '*/5 * * * *';

/**
 * The upkeep of applications on the job runner (src/server/job-runner, decision 0016), once per schedule
 * however many processes run: mails whose sender failed or whose process died after the commit are sent
 * (deliver-application-mails.ts: the claim keeps two runs from sending them twice), and files uploaded for
 * applications never sent are removed after a day.
 */
export async function registerApplicationUpkeep(boss: PgBoss, db: Database): Promise<void> {
  await boss.createQueue(applicationUpkeepQueue, {
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 240,
    deleteAfterSeconds: 60 * 60,
  });
  await boss.work(applicationUpkeepQueue, { pollingIntervalSeconds: 10 }, async () => {
    await retryPendingApplicationMails({ db, authSecret: getAuthSecret() });
    await removeUnattachedApplicationFiles({ db });
  });
  await boss.schedule(applicationUpkeepQueue, applicationUpkeepCron);
}
