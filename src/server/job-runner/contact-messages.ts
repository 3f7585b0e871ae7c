/**
 * Stored contact messages whose mail did not go out (issue 16, part 5) are retried here every minute; the
 * message's attempts and next attempt time decide when, so a doubled run sends nothing twice.
 */
import type { PgBoss } from 'pg-boss';
import { brands } from '../../../brands/index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { log } from '../log.ts';
import { deliverDueContactMessages } from '../modules/commerce/send-contact-message.ts';

export const contactMessageQueue = 'contact-messages';

export async function registerContactMessages(boss: PgBoss, handle: DatabaseHandle): Promise<void> {
  await boss.createQueue(contactMessageQueue, {
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 10 * 60,
    deleteAfterSeconds: 60 * 60,
  });
  await boss.work(contactMessageQueue, { pollingIntervalSeconds: 5 }, async () => {
    const result = await deliverDueContactMessages({ db: handle.db, brands });
    if (result.sent + result.failed > 0) log('job-runner').info(result, 'retried contact messages');
  });
  await boss.schedule(contactMessageQueue, '* * * * *');
}
