import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../../brands/types.ts';
import { createTranslator, type MessageKey } from '../../../i18n/index.ts';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import type { Organization } from '../../db/schema/organizations.ts';
import { AppError, type AppErrorCode } from '../../errors.ts';
import { jobColumns, type JobRow } from '../jobs/job-columns.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { getOrganizationAccess } from '../organizations/get-organization-access.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type SignedInViewer = Viewer & { userId: number };

type AccessLoaders = Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;

/** A refusal of one form field, in the visitor's language (BAD_USER_INPUT with fieldErrors). */
export function fieldRefusal(
  field: string,
  key: MessageKey,
  locale: Locale,
  code: AppErrorCode = 'BAD_USER_INPUT',
): AppError {
  return new AppError(code, { key, locale }, { fieldErrors: { [field]: createTranslator(locale)(key) } });
}

/**
 * Posting and managing jobs needs a session (UNAUTHENTICATED) as a recruiter or staff member (FORBIDDEN):
 * applicants and visitors are refused before anything is read.
 */
export function requireJobPoster(viewer: Viewer, locale: Locale): asserts viewer is SignedInViewer {
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', { key: 'job.error.signInRequired', locale });
  if (!isStaff(viewer) && !viewer.roles.includes('recruiter')) {
    throw new AppError('FORBIDDEN', { key: 'job.error.forbidden', locale });
  }
}

export function requireStaff(viewer: Viewer, locale: Locale): asserts viewer is SignedInViewer {
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', { key: 'job.error.signInRequired', locale });
  if (!isStaff(viewer)) throw new AppError('FORBIDDEN', { key: 'job.error.staffOnly', locale });
}

/** Whether the viewer manages the organization's jobs (the access policy, get-organization-access.ts). */
export async function canManageJobsOf(
  viewer: Viewer,
  loaders: AccessLoaders,
  organizationId: number,
): Promise<{ organization: Organization | null; canManage: boolean }> {
  const organization = await loaders.organization.load(organizationId);
  if (!organization) return { organization: null, canManage: false };
  const access = await getOrganizationAccess({ viewer, loaders, organization });
  return { organization, canManage: access.canManageJobs };
}

/**
 * The organization a job is saved for: one of the request's brand the viewer manages jobs of. Anything
 * else is refused as the form field organizationId (nothing is written).
 */
export async function requireJobOrganization(options: {
  viewer: Viewer;
  loaders: AccessLoaders;
  organizationId: number;
  brandId: string;
  locale: Locale;
}): Promise<Organization> {
  const { organization, canManage } = await canManageJobsOf(options.viewer, options.loaders, options.organizationId);
  if (!organization || organization.frontend !== options.brandId || !canManage) {
    throw fieldRefusal('organizationId', 'job.error.organization', options.locale, 'FORBIDDEN');
  }
  return organization;
}

/**
 * Runs `change` on a job of the request's brand the viewer manages, in a transaction with the job's row
 * locked, so concurrent changes of the same job (a double-clicked publish) run one after the other and
 * the second sees what the first did. The permission is checked before the transaction opens (through
 * the request's loaders: PGlite has one connection, which the transaction holds) and the locked row must
 * still belong to the same organization. Unknown and other brands' jobs are NOT_FOUND, others' FORBIDDEN.
 */
export async function changeManagedJob<T>(
  options: {
    db: Database;
    viewer: Viewer;
    loaders: AccessLoaders;
    jobId: number;
    brandId: string;
    locale: Locale;
  },
  change: (tx: Transaction, job: JobRow, organization: Organization) => Promise<T>,
): Promise<T> {
  const { db, viewer, loaders, jobId, brandId, locale } = options;
  const notFound = () => new AppError('NOT_FOUND', { key: 'job.error.notFound', locale });
  const [seen] = await db
    .select({ organizationId: jobs.organizationId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isJobOfBrand(brandId)));
  if (!seen) throw notFound();
  const { organization, canManage } = await canManageJobsOf(viewer, loaders, seen.organizationId);
  if (!organization || !canManage) throw new AppError('FORBIDDEN', { key: 'job.error.forbidden', locale });
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select(jobColumns)
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.organizationId, organization.id)))
      .for('update');
    // Deleted or moved to another organization meanwhile: the viewer's permission no longer holds.
    if (!job) throw notFound();
    return change(tx, job, organization);
  });
}
