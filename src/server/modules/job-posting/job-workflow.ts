import { requestScheduleRunAt } from '../../job-runner/due-runs.ts';
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import { defaultJobDurationDays, type JobStateAction } from '../../../lib/jobs/job-schema.ts';
import { jobs, jobStateChanges, type JobState } from '../../db/schema/jobs.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { fieldRefusal, type Transaction } from './job-access.ts';
import { payForPosting } from './job-payment.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * SPEC section 4, the actions a job's state offers its recruiters: a draft can be published (submitted);
 * jobs in review, scheduled or live can be withdrawn; live and scheduled ones extended; archived ones
 * reposted. The publish option is hidden in every state but draft.
 */
export const actionsByState: Record<JobState, readonly JobStateAction[]> = {
  draft: ['publish'],
  needs_review: ['withdraw'],
  scheduled: ['withdraw', 'extend'],
  published: ['withdraw', 'extend'],
  archived: ['repost'],
};

/** Records a state change (who, when, from, to, why) in the caller's transaction. */
export async function recordStateChange(
  tx: Transaction,
  change: { jobId: number; actorUserId: number | null; from: JobState | null; to: JobState; reason?: string | null },
): Promise<void> {
  await tx.insert(jobStateChanges).values({
    jobId: change.jobId,
    actorUserId: change.actorUserId,
    fromState: change.from,
    toState: change.to,
    reason: change.reason ?? null,
  });
}

/** The state a job goes live in: scheduled while its publish date is ahead, published otherwise. */
function liveState(publishedAt: Date, now: Date): JobState {
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Publish date (now unless a future one is set) and expiry (kept if after it, else the duration on). */
function liveDates(job: JobRow, now: Date): { publishedAt: Date; expiresAt: Date } {
  const publishedAt = job.publishedAt && job.publishedAt.getTime() > now.getTime() ? job.publishedAt : now;
  const expiresAt =
    job.expiresAt && job.expiresAt.getTime() > publishedAt.getTime()
      ? job.expiresAt
      : new Date(publishedAt.getTime() + (job.durationDays ?? defaultJobDurationDays) * dayMs);
  return { publishedAt, expiresAt };
}

async function setState(
  tx: Transaction,
  job: JobRow,
  values: Partial<Pick<JobRow, 'state' | 'publishedAt' | 'expiresAt' | 'posting'>>,
): Promise<JobRow> {
  const [row] = await tx
    .update(jobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(jobs.id, job.id))
    .returning(jobColumns);
  if (!row) throw new Error(`Job ${job.id} vanished while its state changed.`);
  if (row.state === 'scheduled' && row.publishedAt) requestScheduleRunAt(row.publishedAt);
  return row;
}

/** A job to put up for a posting, by whom, in which transaction. */
interface PostingOptions {
  tx: Transaction;
  job: JobRow;
  organization: Organization;
  viewer: Viewer & { userId: number };
  locale: Locale;
}

/**
 * Submits a job (a draft, or an archived job being reposted) in the caller's transaction: its posting is
 * paid (once, however often this is retried), then it goes to review, or, for staff and trusted
 * organizations, live at once (scheduled while its publish date is ahead).
 */
export async function submitJob(options: PostingOptions & { reason?: string }): Promise<JobRow> {
  const { tx, job, organization, viewer, locale } = options;
  await payForPosting({ tx, job, actorUserId: viewer.userId, locale });
  const now = new Date();
  let next: JobRow;
  if (isStaff(viewer) || organization.trusted) {
    const dates = liveDates(job, now);
    next = await setState(tx, job, { state: liveState(dates.publishedAt, now), ...dates });
  } else {
    next = await setState(tx, job, { state: 'needs_review' });
  }
  await recordStateChange(tx, {
    jobId: job.id,
    actorUserId: viewer.userId,
    from: job.state,
    to: next.state,
    reason: options.reason,
  });
  return next;
}

/** The reason recorded when a recruiter withdraws a job (a rejection records the staff's reason). */
export const withdrawnReason = 'withdrawn';

/**
 * Archives a job (withdrawn by its recruiter, or rejected by staff with their reason): it leaves the site
 * and stays in the manager for a repost.
 */
export async function archiveJob(tx: Transaction, job: JobRow, actorUserId: number, reason: string): Promise<JobRow> {
  const next = await setState(tx, job, { state: 'archived' });
  await recordStateChange(tx, { jobId: job.id, actorUserId, from: job.state, to: 'archived', reason });
  return next;
}

/** Extend: a new expiry (default: the job's duration from its current expiry or from now). */
export async function extendJob(
  tx: Transaction,
  job: JobRow,
  actorUserId: number,
  expiresAt: Date | null,
  locale: Locale,
): Promise<JobRow> {
  const now = Date.now();
  const from = Math.max(now, job.expiresAt?.getTime() ?? now);
  const until = expiresAt ?? new Date(from + (job.durationDays ?? defaultJobDurationDays) * dayMs);
  if (until.getTime() <= now || (job.publishedAt && until.getTime() <= job.publishedAt.getTime())) {
    throw fieldRefusal('expiresAt', 'job.error.expiryBeforePublish', locale);
  }
  const next = await setState(tx, job, { expiresAt: until });
  await recordStateChange(tx, {
    jobId: job.id,
    actorUserId,
    from: job.state,
    to: job.state,
    reason: `extended until ${until.toISOString()}`,
  });
  return next;
}

/** Repost: an archived job runs again as a new posting (paid again), from now with a new expiry. */
export async function repostJob(options: PostingOptions & { expiresAt: Date | null }): Promise<JobRow> {
  const { tx, job } = options;
  const now = new Date();
  const expiresAt = options.expiresAt ?? new Date(now.getTime() + (job.durationDays ?? defaultJobDurationDays) * dayMs);
  const renewed = await setState(tx, job, { posting: job.posting + 1, publishedAt: null, expiresAt });
  return submitJob({ ...options, job: renewed, reason: 'reposted' });
}

/** The reason recorded when an edit of a live job sends it back to review. */
export const editedReason = 'edited';

/** A live or scheduled job whose content changed goes back to review (it stays paid). */
export async function sendBackToReview(tx: Transaction, job: JobRow, actorUserId: number): Promise<JobRow> {
  const next = await setState(tx, job, { state: 'needs_review' });
  await recordStateChange(tx, {
    jobId: job.id,
    actorUserId,
    from: job.state,
    to: 'needs_review',
    reason: editedReason,
  });
  return next;
}

/** Staff approve a job in review: it goes live now, or is scheduled for its publish date. */
export async function approveJobInReview(tx: Transaction, job: JobRow, actorUserId: number): Promise<JobRow> {
  const now = new Date();
  const dates = liveDates(job, now);
  const next = await setState(tx, job, { state: liveState(dates.publishedAt, now), ...dates });
  await recordStateChange(tx, { jobId: job.id, actorUserId, from: job.state, to: next.state, reason: 'approved' });
  return next;
}
