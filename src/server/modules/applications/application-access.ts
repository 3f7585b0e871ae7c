import { and, eq, isNull, or, gt, sql } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { ApplicationRequirements } from '../../../lib/applications/application-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { applications } from '../../db/schema/applications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { userRoles, users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { canManageJobsOf } from '../job-posting/job-access.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';

export type AccessLoaders = Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;

/** The workflows whose applications go through this site (link jobs send visitors to the employer). */
export const siteWorkflows = ['on_site', 'email'] as const;

export function requirementsOf(job: JobRow): ApplicationRequirements {
  return {
    requireCv: job.applicationRequireCv,
    requireCoverLetter: job.applicationRequireCoverLetter,
    requireQualifyingQuestions: job.applicationRequireQualifyingQuestions,
    qualifyingQuestions: job.applicationQualifyingQuestions.map((question) => ({
      question: question.question,
      required: question.required,
    })),
  };
}

/** A job of the brand, or null (another brand's job does not exist for this one). */
export async function findJobOfBrand(db: Pick<Database, 'select'>, jobId: number, brandId: string) {
  const [job] = await db
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isJobOfBrand(brandId)));
  return job ?? null;
}

/**
 * The job an application is for: one of the brand's, published and not expired, taking applications on the
 * site (on_site or email). Anything else is NOT_FOUND (unknown, hidden, another brand's) or CONFLICT (closed,
 * or a link job), before anything is written.
 */
export async function requireOpenJob(options: {
  db: Pick<Database, 'select'>;
  jobId: number;
  brand: Brand;
  locale: Locale;
}): Promise<JobRow> {
  const { db, jobId, brand, locale } = options;
  const [job] = await db
    .select(jobColumns)
    .from(jobs)
    .where(
      and(
        eq(jobs.id, jobId),
        isJobOfBrand(brand.id),
        eq(jobs.state, 'published'),
        or(isNull(jobs.expiresAt), gt(jobs.expiresAt, sql`now()`)),
      ),
    );
  if (!job) {
    const exists = await findJobOfBrand(db, jobId, brand.id);
    if (!exists || (exists.state !== 'published' && exists.state !== 'archived')) {
      throw new AppError('NOT_FOUND', { key: 'apply.error.jobNotFound', locale });
    }
    throw new AppError('CONFLICT', { key: 'apply.error.jobClosed', locale });
  }
  if (!(siteWorkflows as readonly string[]).includes(job.applicationWorkflow)) {
    throw new AppError('CONFLICT', { key: 'apply.error.notOnSite', locale });
  }
  return job;
}

/** What stands between the viewer and sending an application on this brand, or null when nothing does. */
export type ApplyBlocker = 'signInRequired' | 'notApplicant' | 'emailNotVerified';

/**
 * Who may apply (SPEC sections 2 and 3): anonymous visitors, unless the brand forces registration
 * (`applyRequiresAccount`); signed-in users when isEligibleForJobApply holds (the applicant role and a
 * verified address), so that a recruiter or an unconfirmed account does not apply by accident.
 */
export async function applyBlockerOf(options: {
  db: Pick<Database, 'select'>;
  viewer: Viewer;
  brand: Brand;
}): Promise<ApplyBlocker | null> {
  const { db, viewer, brand } = options;
  if (viewer.userId === null) return brand.features.applyRequiresAccount ? 'signInRequired' : null;
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, viewer.userId));
  const [role] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, viewer.userId), eq(userRoles.role, 'applicant')));
  if (!role) return 'notApplicant';
  if (!user?.verifiedAt) return 'emailNotVerified';
  return null;
}

export function requireMayApply(blocker: ApplyBlocker | null, locale: Locale): void {
  if (blocker === null) return;
  if (blocker === 'signInRequired')
    throw new AppError('UNAUTHENTICATED', { key: 'apply.error.signInRequired', locale });
  if (blocker === 'emailNotVerified') {
    throw new AppError('EMAIL_NOT_VERIFIED', { key: 'apply.error.emailNotVerified', locale });
  }
  throw new AppError('FORBIDDEN', { key: 'apply.error.notApplicant', locale });
}

/** When the signed-in viewer applied for the job already (by account or by their address), or null. */
export async function appliedAtOf(options: {
  db: Pick<Database, 'select'>;
  viewer: Viewer;
  jobId: number;
}): Promise<Date | null> {
  const { db, viewer, jobId } = options;
  if (viewer.userId === null) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.userId));
  const [row] = await db
    .select({ createdAt: applications.createdAt })
    .from(applications)
    .where(
      and(
        eq(applications.jobId, jobId),
        or(eq(applications.userId, viewer.userId), eq(applications.email, (user?.email ?? '').toLowerCase())),
      ),
    )
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Whether the viewer may see an application: its applicant (by account), the members of the job's
 * organization who manage its jobs, and staff (SPEC section 6).
 */
export async function canSeeApplication(options: {
  viewer: Viewer;
  loaders: AccessLoaders;
  application: { userId: number | null };
  organizationId: number;
}): Promise<boolean> {
  const { viewer, loaders, application, organizationId } = options;
  if (viewer.userId === null) return false;
  if (application.userId !== null && application.userId === viewer.userId) return true;
  return (await canManageJobsOf(viewer, loaders, organizationId)).canManage;
}
