import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import { isStaff, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import {
  applicationFiles,
  applications,
  applicationStatuses,
  type Application,
  type ApplicationFile,
} from '../../db/schema/applications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { organizations } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { isJobOfBrand } from '../jobs/job-visibility.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { canSeeApplication, type AccessLoaders } from './application-access.ts';

/** An application as the dashboards show it, with its job and files. */
export interface ListedApplication extends Application {
  jobTitle: string;
  organizationId: number;
  organizationName: string;
  files: ApplicationFile[];
}

export const receivedPageSize = 20;

async function withJobsAndFiles(db: Database, where: SQL, options: { limit?: number; offset?: number } = {}) {
  const rows = await db
    .select({
      application: applications,
      jobTitle: jobs.title,
      organizationId: jobs.organizationId,
      organizationName: organizations.name,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(options.limit ?? 200)
    .offset(options.offset ?? 0);
  const ids = rows.map((row) => row.application.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(applicationFiles)
          .where(inArray(applicationFiles.applicationId, ids))
          .orderBy(asc(applicationFiles.id));
  return rows.map((row): ListedApplication => ({
    ...row.application,
    jobTitle: row.jobTitle,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    files: files.filter((file) => file.applicationId === row.application.id),
  }));
}

/** The applicant's dashboard: their applications on the brand (by account), newest first. */
export async function listMyApplications(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}): Promise<ListedApplication[]> {
  const { db, viewer, brand, locale } = options;
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', { key: 'apply.error.signInRequired', locale });
  return withJobsAndFiles(
    db,
    and(eq(applications.userId, viewer.userId), eq(applications.frontend, brand.id as Application['frontend'])) as SQL,
  );
}

/** Only where the brand lets recruiters see applications (SPEC section 1: off by default). */
function requireRecruiterView(
  viewer: Viewer,
  brand: Brand,
  locale: Locale,
): asserts viewer is Viewer & { userId: number } {
  if (viewer.userId === null) throw new AppError('UNAUTHENTICATED', { key: 'apply.error.signInRequired', locale });
  if (!brand.features.recruiterDashboardShowsApplications) {
    throw new AppError('FORBIDDEN', { key: 'apply.error.recruiterViewOff', locale });
  }
}

/** The organizations whose applications the viewer sees: those whose jobs they manage (staff: all). */
async function managedOrganizationIds(db: Database, viewer: Viewer & { userId: number }): Promise<number[] | 'all'> {
  if (isStaff(viewer)) return 'all';
  const mine = await findViewerOrganizations({ db, viewer });
  return mine.belongsTo
    .filter((organization) => mine.accessTo(organization).canManageJobs)
    .map((organization) => organization.id);
}

/**
 * The recruiter dashboard's applications (behind recruiterDashboardShowsApplications): those for the
 * brand's jobs of the organizations whose jobs the viewer manages (staff: every one of the brand), newest
 * first, optionally of one job, 20 per page.
 */
export async function listReceivedApplications(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<{ applications: ListedApplication[]; total: number; pageSize: number }> {
  const { db, viewer, brand, locale } = options;
  requireRecruiterView(viewer, brand, locale);
  const input = parseInput(
    z.object({
      page: z.number().int().min(1).max(10_000).nullish(),
      jobId: z.number().int().min(1).max(maxEntityId).nullish(),
    }),
    options.input,
  );
  const organizationIds = await managedOrganizationIds(db, viewer);
  if (organizationIds !== 'all' && organizationIds.length === 0) {
    return { applications: [], total: 0, pageSize: receivedPageSize };
  }
  const where = and(
    isJobOfBrand(brand.id),
    organizationIds === 'all' ? undefined : inArray(jobs.organizationId, organizationIds),
    input.jobId ? eq(applications.jobId, input.jobId) : undefined,
  ) as SQL;
  const [total] = await db
    .select({ n: count() })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(where);
  const page = input.page ?? 1;
  return {
    applications: await withJobsAndFiles(db, where, { limit: receivedPageSize, offset: (page - 1) * receivedPageSize }),
    total: total?.n ?? 0,
    pageSize: receivedPageSize,
  };
}

/** A recruiter marks an application (new, seen, shortlisted, rejected); the same rule as the list's. */
export async function markApplication(options: {
  db: Database;
  viewer: Viewer;
  loaders: AccessLoaders;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<ListedApplication> {
  const { db, viewer, loaders, brand, locale } = options;
  requireRecruiterView(viewer, brand, locale);
  const { id, status } = parseInput(
    z.object({ id: z.number().int().min(1).max(maxEntityId), status: z.enum(applicationStatuses) }),
    options.input,
  );
  const notFound = () => new AppError('NOT_FOUND', { key: 'apply.error.applicationNotFound', locale });
  const [found] = await withJobsAndFiles(db, and(eq(applications.id, id), isJobOfBrand(brand.id)) as SQL);
  if (!found) throw notFound();
  // The applicant may see their application, but only the organization and staff mark it.
  const mayMark = await canSeeApplication({
    viewer,
    loaders,
    application: { userId: null },
    organizationId: found.organizationId,
  });
  if (!mayMark) throw notFound();
  const [updated] = await db.update(applications).set({ status }).where(eq(applications.id, id)).returning();
  return { ...found, ...updated };
}
