import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import { jobPayments, type JobPayment } from '../../db/schema/jobs.ts';
import { AppError } from '../../errors.ts';
import { countEntries, postLedgerEntry, useSubscriptionSlot } from '../commerce/ledger.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import type { Transaction } from './job-access.ts';

/** The credit kind that pays for jobs (credit_balances.type, credit_ledger_entries.kind). */
export const jobCreditType = 'job_credits';

/** Where a recruiter without slots or credits gets more (a site path; the form localises it). */
export const getMoreJobsPath = '/contact';

/** What a posting's ledger entries name as their reference. */
const postingReference = (job: JobRow) => `job:${job.id}:${job.posting}`;

/**
 * Pays for the job's current posting inside the caller's transaction (the one that changes the state):
 * a job slot of a running subscription of the organization on the job's brand, else one job credit, each
 * as one entry of the credit ledger (decision 0020). The entry's key names the posting and how often it
 * was refunded before, so a retried publish books once. A posting already paid pays nothing; the unique
 * (job, posting) row makes a second payment fail rather than happen. Without slots or credits:
 * QUOTA_EXCEEDED, nothing written.
 */
export async function payForPosting(options: {
  tx: Transaction;
  job: JobRow;
  actorUserId: number | null;
  locale: Locale;
}): Promise<JobPayment> {
  const { tx, job, actorUserId, locale } = options;
  const [paid] = await tx
    .select()
    .from(jobPayments)
    .where(and(eq(jobPayments.jobId, job.id), eq(jobPayments.posting, job.posting)));
  if (paid) return paid;

  const reference = postingReference(job);
  const spend = {
    organizationId: job.organizationId,
    frontend: job.frontend,
    kind: jobCreditType,
    reason: 'job_publish',
    reference,
    idempotencyKey: `job-publish:${job.id}:${job.posting}:${await countEntries(tx, reference, 'refund')}`,
    actorUserId,
  } as const;
  let payment: Omit<typeof jobPayments.$inferInsert, 'jobId' | 'posting' | 'actorUserId'>;
  const slot = await useSubscriptionSlot(tx, spend);
  if (slot) {
    payment = { source: 'subscription', subscriptionId: slot.entry.subscriptionId };
  } else {
    const credit = await postLedgerEntry(tx, { ...spend, amount: -1 });
    if (!credit) {
      throw new AppError('QUOTA_EXCEEDED', { key: 'job.error.noCredits', locale }, { getMorePath: getMoreJobsPath });
    }
    payment = { source: 'credit', creditBalanceId: credit.balanceId };
  }
  const [row] = await tx
    .insert(jobPayments)
    .values({ ...payment, jobId: job.id, posting: job.posting, actorUserId })
    .returning();
  if (!row) throw new Error('Recording the job payment returned no row.');
  return row;
}

/**
 * Gives back what paid for the job's current posting (a rejected job) as a refund entry of the ledger, so
 * that submitting it again pays again; nothing when it was not paid.
 */
export async function refundPosting(tx: Transaction, job: JobRow, actorUserId: number | null = null): Promise<void> {
  const [payment] = await tx
    .delete(jobPayments)
    .where(and(eq(jobPayments.jobId, job.id), eq(jobPayments.posting, job.posting)))
    .returning();
  if (!payment) return;
  const reference = postingReference(job);
  const refunds = await countEntries(tx, reference, 'refund');
  await postLedgerEntry(tx, {
    organizationId: job.organizationId,
    frontend: job.frontend,
    kind: jobCreditType,
    amount: 1,
    reason: 'refund',
    reference,
    idempotencyKey: `job-refund:${job.id}:${job.posting}:${refunds}`,
    actorUserId,
    subscriptionId: payment.subscriptionId,
  });
}
