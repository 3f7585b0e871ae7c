import { and, asc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import { creditBalances, subscriptions } from '../../db/schema/commerce.ts';
import { jobPayments, type JobPayment } from '../../db/schema/jobs.ts';
import { AppError } from '../../errors.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import type { Transaction } from './job-access.ts';

/** The credit balance type that pays for jobs (credit_balances.type). */
export const jobCreditType = 'job_credits';

/** Where a recruiter without slots or credits gets more (a site path; the form localises it). */
export const getMoreJobsPath = '/contact';

/**
 * Pays for the job's current posting inside the caller's transaction (the one that changes the state):
 * a job slot of an active subscription of the organization on the job's brand, else one job credit. Each
 * `UPDATE … WHERE amount > 0` takes one unit atomically and the CHECK constraints keep both at zero or
 * above. A posting already paid (a retried publish) pays nothing; the unique (job, posting) row makes a
 * second payment fail rather than happen. Without slots or credits: QUOTA_EXCEEDED, nothing written.
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

  const today = sql`current_date`;
  const [slot] = await tx
    .update(subscriptions)
    .set({ availableJobSlots: sql`${subscriptions.availableJobSlots} - 1` })
    .where(
      eq(
        subscriptions.id,
        sql`(${tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.organizationId, job.organizationId),
              eq(subscriptions.frontend, job.frontend),
              eq(subscriptions.status, 'active'),
              gt(subscriptions.availableJobSlots, 0),
              lte(subscriptions.startDate, today),
              or(isNull(subscriptions.endDate), gte(subscriptions.endDate, today)),
            ),
          )
          // The subscription that ends first is used up first.
          .orderBy(sql`${subscriptions.endDate} asc nulls last`, asc(subscriptions.id))
          .limit(1)
          .for('update')})`,
      ),
    )
    .returning({ id: subscriptions.id });

  let payment: Omit<typeof jobPayments.$inferInsert, 'jobId' | 'posting' | 'actorUserId'>;
  if (slot) {
    payment = { source: 'subscription', subscriptionId: slot.id };
  } else {
    const [credit] = await tx
      .update(creditBalances)
      .set({ amount: sql`${creditBalances.amount} - 1` })
      .where(
        and(
          eq(creditBalances.organizationId, job.organizationId),
          eq(creditBalances.frontend, job.frontend),
          eq(creditBalances.type, jobCreditType),
          gt(creditBalances.amount, 0),
        ),
      )
      .returning({ id: creditBalances.id });
    if (!credit) {
      throw new AppError('QUOTA_EXCEEDED', { key: 'job.error.noCredits', locale }, { getMorePath: getMoreJobsPath });
    }
    payment = { source: 'credit', creditBalanceId: credit.id };
  }
  const [row] = await tx
    .insert(jobPayments)
    .values({ ...payment, jobId: job.id, posting: job.posting, actorUserId })
    .returning();
  if (!row) throw new Error('Recording the job payment returned no row.');
  return row;
}

/**
 * Gives back what paid for the job's current posting (a rejected job), so that submitting it again pays
 * again; nothing when it was not paid.
 */
export async function refundPosting(tx: Transaction, job: JobRow): Promise<void> {
  const [payment] = await tx
    .delete(jobPayments)
    .where(and(eq(jobPayments.jobId, job.id), eq(jobPayments.posting, job.posting)))
    .returning();
  if (!payment) return;
  if (payment.subscriptionId !== null) {
    await tx
      .update(subscriptions)
      .set({ availableJobSlots: sql`${subscriptions.availableJobSlots} + 1` })
      .where(eq(subscriptions.id, payment.subscriptionId));
  } else if (payment.creditBalanceId !== null) {
    await tx
      .update(creditBalances)
      .set({ amount: sql`${creditBalances.amount} + 1` })
      .where(eq(creditBalances.id, payment.creditBalanceId));
  }
}
