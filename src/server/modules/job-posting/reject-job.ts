import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { jobRejectionSchema } from '../../../lib/jobs/job-schema.ts';
import { localizePath } from '../../../lib/routing/resolve-request.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { jobStateChanges } from '../../db/schema/jobs.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { logUnexpected } from '../../log.ts';
import { sendMail } from '../../mail/send-mail.ts';
import { absoluteUrl } from '../../public-origin.ts';
import { parseInput } from '../../validation.ts';
import type { JobRow } from '../jobs/job-columns.ts';
import { changeManagedJob, requireStaff, type Transaction } from './job-access.ts';
import { refundPosting } from './job-payment.ts';
import { archiveJob } from './job-workflow.ts';
import type { JobServiceOptions } from './job-fields.ts';

const idSchema = z.object({ id: z.number().int().positive() });

/** Who submitted the job: the author of its first recorded state (its creation); null when unknown. */
async function authorOf(tx: Transaction, jobId: number): Promise<{ email: string } | null> {
  const [author] = await tx
    .select({ email: users.email })
    .from(jobStateChanges)
    .innerJoin(users, eq(users.id, jobStateChanges.actorUserId))
    .where(and(eq(jobStateChanges.jobId, jobId), isNull(jobStateChanges.fromState)))
    .orderBy(asc(jobStateChanges.id))
    .limit(1);
  return author ?? null;
}

/**
 * rejectJob (staff): a job in review is archived with the reason recorded, what paid for it is given
 * back, and the reason is e-mailed to the recruiter who created it (else the organization's owner) after
 * the transaction committed. A mail that cannot be sent is logged; the rejection stands.
 */
export async function rejectJob(options: JobServiceOptions & { id: unknown; reason: unknown }): Promise<JobRow> {
  const { db, viewer, loaders, brand, locale } = options;
  requireStaff(viewer, locale);
  const { id } = parseInput(idSchema, { id: options.id });
  const { reason } = parseInput(jobRejectionSchema, { reason: options.reason }, { locale });
  const changed = changeManagedJob(
    { db, viewer, loaders, jobId: id, brandId: brand.id, locale },
    async (tx, job, organization) => {
      const locked = { job, organization };
      if (locked.job.state !== 'needs_review') throw new AppError('CONFLICT', { key: 'job.error.transition', locale });
      await refundPosting(tx, locked.job, viewer.userId);
      const rejected = await archiveJob(tx, locked.job, viewer.userId, reason);
      let to = (await authorOf(tx, id))?.email ?? null;
      if (to === null && locked.organization.ownerUserId !== null) {
        const [owner] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, locked.organization.ownerUserId));
        to = owner?.email ?? null;
      }
      return { job: rejected, recipient: to };
    },
  );
  const { job, recipient } = await changed;
  if (recipient) {
    // The recruiter reads it in the job's language where the brand offers it, else the brand's first.
    const jobLocale = brand.locales.find((candidate) => candidate.startsWith(job.language)) ?? brand.locales[0];
    const t = createTranslator(jobLocale);
    const params = {
      title: job.title,
      reason,
      brand: brand.name,
      link: absoluteUrl(localizePath('/job-manager', jobLocale, brand)),
    };
    try {
      await sendMail({
        to: recipient,
        subject: t('mail.jobRejected.subject', params),
        text: t('mail.jobRejected.text', params),
      });
    } catch (error) {
      logUnexpected('mail', `the rejection of job ${job.id} could not be mailed`, error);
    }
  }
  return job;
}
