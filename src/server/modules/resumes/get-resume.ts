import { count, eq } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { completenessOf } from '../../../lib/resumes/resume-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { resumeAttachments, resumePrivate, type Resume } from '../../db/schema/resumes.ts';
import { users } from '../../db/schema/users.ts';
import { canSeeContact, findOwnResume, requireReadableResume, requireResumesEnabled } from './resume-access.ts';

/** A resume as the GraphQL layer gets it: the row, and whether the viewer may read its private part. */
export interface ResumeView {
  resume: Resume;
  /** Set only by the access checks of resume-access.ts; `contact` resolves to null without it. */
  contactAllowed: boolean;
}

/** myResume: the signed-in viewer's own resume on the brand, or null. */
export async function getMyResume(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}): Promise<ResumeView | null> {
  requireResumesEnabled(options.brand, options.locale);
  const resume = await findOwnResume(options);
  return resume ? { resume, contactAllowed: true } : null;
}

/** resume(id): a resume the viewer may read (resume-access.ts), NOT_FOUND otherwise. */
export async function getResume(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  id: number;
}): Promise<ResumeView> {
  const { resume, contact } = await requireReadableResume({ ...options, resumeId: options.id });
  return { resume, contactAllowed: contact };
}

/**
 * The private part of a resume (SPEC 3 private fields, the e-mail, the attachments): read only when the
 * access check allowed it, and checked again here so no caller can skip it.
 */
export async function getResumeContact(options: { db: Database; viewer: Viewer; view: ResumeView }) {
  const { db, viewer, view } = options;
  if (!view.contactAllowed || !(await canSeeContact({ db, viewer, resume: view.resume }))) return null;
  const [row] = await db
    .select({
      firstName: resumePrivate.firstName,
      lastName: resumePrivate.lastName,
      phone: resumePrivate.phone,
      birthday: resumePrivate.birthday,
      homeLocation: resumePrivate.homeLocation,
      email: users.email,
    })
    .from(resumePrivate)
    .innerJoin(users, eq(users.id, view.resume.userId))
    .where(eq(resumePrivate.resumeId, view.resume.id));
  if (!row) return null;
  const attachments = await db.select().from(resumeAttachments).where(eq(resumeAttachments.resumeId, view.resume.id));
  return { ...row, resumeId: view.resume.id, attachments };
}

/** The completeness percentage and the parts still missing (SPEC 9 percentage box and completeness card). */
export async function getResumeCompleteness(options: { db: Database; resume: Resume }) {
  const { db, resume } = options;
  const [attachments] = await db
    .select({ count: count() })
    .from(resumeAttachments)
    .where(eq(resumeAttachments.resumeId, resume.id));
  return completenessOf({
    personalInfo: true,
    jobPreferences: resume.jobPreferences !== null,
    education: resume.education.length,
    workExperience: resume.workExperience.length,
    languages: resume.languages?.languages.length ?? 0,
    skills: resume.skills?.skills.length ?? 0,
    attachments: attachments?.count ?? 0,
  });
}
