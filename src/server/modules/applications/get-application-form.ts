import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { questionsOf } from '../../../lib/applications/application-schema.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { applicationFiles } from '../../db/schema/applications.ts';
import { organizations, users } from '../../db/schema/users.ts';
import { log } from '../../log.ts';
import { removeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { recordEvent } from '../analytics/record-event.ts';
import {
  applyBlockerOf,
  appliedAtOf,
  findJobOfBrand,
  requireOpenJob,
  requirementsOf,
  type ApplyBlocker,
} from './application-access.ts';

const jobIdSchema = z.object({ jobId: z.number().int().min(1).max(maxEntityId) });

export interface ApplicationForm {
  jobId: number;
  title: string;
  organizationName: string;
  workflow: string;
  requireCv: boolean;
  requireCoverLetter: boolean;
  questions: { question: string; required: boolean }[];
  blocker: ApplyBlocker | null;
  appliedAt: Date | null;
  prefill: { firstName: string | null; lastName: string | null; email: string } | null;
}

/**
 * What the quick apply island needs for a job: the job's questions and required files, what stands between
 * the viewer and sending (sign-in on a brand that forces registration, the applicant role, a verified
 * address) and, for a signed-in viewer, their data to start with and when they applied already. Read by the
 * island on the client: the page that embeds it is cached for anonymous visitors (decision 0015).
 */
export async function getApplicationForm(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<ApplicationForm> {
  const { db, viewer, brand, locale } = options;
  const { jobId } = parseInput(jobIdSchema, options.input);
  const job = await requireOpenJob({ db, jobId, brand, locale });
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, job.organizationId));
  const [user] =
    viewer.userId === null
      ? []
      : await db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, viewer.userId));
  const requirements = requirementsOf(job);
  return {
    jobId: job.id,
    title: job.title,
    organizationName: organization?.name ?? '',
    workflow: job.applicationWorkflow,
    requireCv: requirements.requireCv,
    requireCoverLetter: requirements.requireCoverLetter,
    questions: [...questionsOf(requirements)],
    blocker: await applyBlockerOf({ db, viewer, brand }),
    appliedAt: await appliedAtOf({ db, viewer, jobId: job.id }),
    prefill: user ?? null,
  };
}

/**
 * startJobApplication: the island showed its first step (SPEC section 4, application analytics step
 * "start"): job_apply_start for an open on-site or e-mail job of the brand.
 */
export async function startJobApplication(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<boolean> {
  const { db, viewer, brand, locale } = options;
  const { jobId } = parseInput(jobIdSchema, options.input);
  const job = await requireOpenJob({ db, jobId, brand, locale });
  await recordEvent(db, {
    name: 'job_apply_start',
    frontend: brand.id as never,
    userId: viewer.userId,
    jobId: job.id,
    dimensions: { workflow: job.applicationWorkflow },
  });
  return true;
}

/**
 * openOriginalAd: a visitor follows a link job's apply button to the employer's ad
 * (GET /api/apply-link/{id}): records view_original_ad and answers the address to send them to. Only
 * for a published job of the brand with the link workflow; null otherwise.
 */
export async function openOriginalAd(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  input: unknown;
}): Promise<string | null> {
  const { db, viewer, brand } = options;
  const { jobId } = parseInput(jobIdSchema, options.input);
  const job = await findJobOfBrand(db, jobId, brand.id);
  if (!job || job.state !== 'published' || job.applicationWorkflow !== 'link' || !job.applicationLink) return null;
  await recordEvent(db, {
    name: 'view_original_ad',
    frontend: brand.id as never,
    userId: viewer.userId,
    jobId: job.id,
  });
  return job.applicationLink;
}

/** Unattached uploads are kept this long: an applicant may take a while between upload and sending. */
export const unattachedFileLifetimeMs = 24 * 60 * 60 * 1000;

/** Removes files uploaded for applications that were never sent (rows and stored bytes); returns how many. */
export async function removeUnattachedApplicationFiles(options: {
  db: Database;
  now?: Date;
  storageDirectory?: string;
}): Promise<number> {
  const now = options.now ?? new Date();
  const removed = await options.db
    .delete(applicationFiles)
    .where(
      and(
        isNull(applicationFiles.applicationId),
        isNotNull(applicationFiles.storageKey),
        lt(applicationFiles.createdAt, new Date(now.getTime() - unattachedFileLifetimeMs)),
      ),
    )
    .returning({ storageKey: applicationFiles.storageKey });
  for (const { storageKey } of removed) {
    await removeFile({ key: storageKey, directory: options.storageDirectory });
  }
  if (removed.length > 0) log('applications').info({ removed: removed.length }, 'removed unsent application files');
  return removed.length;
}
