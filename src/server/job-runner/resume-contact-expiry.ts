/**
 * Pending resume contact requests expire after 14 days without an answer (issue 17, SPEC 4): every five
 * minutes the runner expires them and releases each one's reserved resume contact through the ledger
 * (expireContactRequests: one transaction, only from `pending`, so a doubled run releases nothing twice).
 * The services still expire lazily before every read and write of requests; this makes the credit come back
 * when nobody looks.
 */
import type { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { log } from '../log.ts';
import { expireContactRequests } from '../modules/resumes/contact-requests.ts';

export const resumeContactExpiryQueue = 'resume-contact-expiry';

export async function registerResumeContactExpiry(boss: PgBoss, handle: DatabaseHandle): Promise<void> {
  await boss.createQueue(resumeContactExpiryQueue, {
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 60 * 60,
  });
  await boss.work(resumeContactExpiryQueue, { pollingIntervalSeconds: 5 }, async () => {
    const expired = await expireContactRequests(handle.db);
    if (expired > 0) log('job-runner').info({ expired }, 'expired resume contact requests');
  });
  await boss.schedule(resumeContactExpiryQueue, '*/5 * * * *');
  // Once at start too: catches up after downtime.
  await boss.send(resumeContactExpiryQueue, null);
}
