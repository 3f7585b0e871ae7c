import { and, eq, inArray } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { isStaff, requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { resumeContactRequests, resumes, type Resume } from '../../db/schema/resumes.ts';
import { AppError } from '../../errors.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';

/**
 * Who may see what of a resume (issue 17, decision 0021), the one place of the rule:
 * - its owner and staff see everything;
 * - a recruiter sees a visible resume's public sections, and its private fields, e-mail and attachments
 *   only while one of their organizations holds an approved contact request for it;
 * - everybody else sees nothing (NOT_FOUND, as for a resume that does not exist).
 */
export function requireResumesEnabled(brand: Brand, locale: Locale): void {
  if (!brand.features.resume) throw new AppError('NOT_FOUND', { key: 'resume.error.notFound', locale });
}

export const resumeNotFound = (locale: Locale) => new AppError('NOT_FOUND', { key: 'resume.error.notFound', locale });

export function isResumeOwner(viewer: Viewer, resume: Pick<Resume, 'userId'>): boolean {
  return viewer.userId !== null && viewer.userId === resume.userId;
}

/** The signed-in applicant's resume on the brand, or null. */
export async function findOwnResume(options: { db: Database; viewer: Viewer; brand: Brand }): Promise<Resume | null> {
  const { db, viewer, brand } = options;
  if (viewer.userId === null) return null;
  const [row] = await db
    .select()
    .from(resumes)
    .where(and(eq(resumes.userId, viewer.userId), eq(resumes.frontend, brand.id as Resume['frontend'])));
  return row ?? null;
}

/** The organization a recruiter works in (their active one, else their first); FORBIDDEN without one. */
export async function requireRecruiterOrganization(options: { db: Database; viewer: Viewer; locale: Locale }) {
  const { db, viewer, locale } = options;
  requireRole(viewer, 'recruiter');
  const { current, belongsTo } = await findViewerOrganizations({ db, viewer });
  if (!current) throw new AppError('FORBIDDEN', { key: 'resume.error.noOrganization', locale });
  return { organization: current, organizationIds: belongsTo.map((organization) => organization.id) };
}

/** Whether the viewer may read a resume's private fields, e-mail and attachments. */
export async function canSeeContact(options: { db: Database; viewer: Viewer; resume: Resume }): Promise<boolean> {
  const { db, viewer, resume } = options;
  const { userId } = viewer;
  if (userId === null) return false;
  if (isResumeOwner(viewer, resume) || isStaff(viewer)) return true;
  if (!viewer.roles.includes('recruiter')) return false;
  const { belongsTo } = await findViewerOrganizations({ db, viewer: { ...viewer, userId } });
  if (belongsTo.length === 0) return false;
  const [approved] = await db
    .select({ id: resumeContactRequests.id })
    .from(resumeContactRequests)
    .where(
      and(
        eq(resumeContactRequests.resumeId, resume.id),
        eq(resumeContactRequests.status, 'approved'),
        inArray(
          resumeContactRequests.organizationId,
          belongsTo.map((organization) => organization.id),
        ),
      ),
    )
    .limit(1);
  return approved !== undefined;
}

/**
 * A resume the viewer may read at all: their own, any for staff, a visible one of the brand for recruiters
 * (and a hidden one while their organization holds an approved request). NOT_FOUND otherwise.
 */
export async function requireReadableResume(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  resumeId: number;
}): Promise<{ resume: Resume; contact: boolean }> {
  const { db, viewer, brand, locale, resumeId } = options;
  requireResumesEnabled(brand, locale);
  const [resume] = await db
    .select()
    .from(resumes)
    .where(and(eq(resumes.id, resumeId), eq(resumes.frontend, brand.id as Resume['frontend'])));
  if (!resume || viewer.userId === null) throw resumeNotFound(locale);
  const contact = await canSeeContact({ db, viewer, resume });
  if (contact) return { resume, contact };
  if (!viewer.roles.includes('recruiter') || !resume.visible) throw resumeNotFound(locale);
  return { resume, contact };
}
