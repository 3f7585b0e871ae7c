import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { resumeAttachments, resumes, type ResumeAttachment } from '../../db/schema/resumes.ts';
import { AppError } from '../../errors.ts';
import { isUploadedFile, keepStoredFile, storeCheckedUpload, type UploadedFile } from '../../storage/checked-upload.ts';
import { isStorageKey, readFile, removeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { canSeeContact, findOwnResume, requireResumesEnabled } from './resume-access.ts';

/** At most this many files in a resume's attachments box. */
export const maxResumeAttachments = 10;

const uploadSchema = z.object({
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'resume.attachments.fileMissing' }),
});

/**
 * uploadResumeAttachment: a file for the owner's attachments box (SPEC 5: pdf, jpg, jpeg, png, webp, at most
 * 50 MB), kept only when its first bytes prove its extension's type, stored under a generated name outside
 * public/ and served by GET /api/resume-files/{id} to the owner, staff and approved contacts only.
 */
export async function uploadResumeAttachment(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
  storageDirectory?: string;
}): Promise<ResumeAttachment> {
  const { db, viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'applicant');
  const { file } = parseInput(uploadSchema, options.input, { locale });
  const resume = await findOwnResume({ db, viewer, brand });
  if (!resume) throw new AppError('CONFLICT', { key: 'resume.error.personalInfoFirst', locale });
  const [existing] = await db
    .select({ count: count() })
    .from(resumeAttachments)
    .where(eq(resumeAttachments.resumeId, resume.id));
  if ((existing?.count ?? 0) >= maxResumeAttachments) {
    throw fieldRefusal('file', 'resume.attachments.tooMany', locale, 'QUOTA_EXCEEDED');
  }
  const { extensions, maxBytes } = brand.constants.attachments;
  const refusalKeys = {
    type: 'resume.attachments.fileType',
    empty: 'resume.attachments.fileEmpty',
    tooLarge: 'resume.attachments.fileTooLarge',
    content: 'resume.attachments.fileContent',
  } as const;
  const directory = options.storageDirectory;
  const stored = await storeCheckedUpload(file, {
    extensions,
    maxBytes,
    directory,
    refuse: (problem) => fieldRefusal('file', refusalKeys[problem], locale),
  });
  return keepStoredFile({ key: stored.key, directory }, async () => {
    const [row] = await db
      .insert(resumeAttachments)
      .values({
        resumeId: resume.id,
        fileName: stored.fileName || `cv.${stored.type.extension}`,
        mimeType: stored.type.mimeType,
        sizeBytes: stored.size,
        storageKey: stored.key,
      })
      .returning();
    if (!row) throw new Error('Inserting the resume attachment returned no row.');
    return row;
  });
}

/** removeResumeAttachment: the owner removes a file of their attachments box. */
export async function removeResumeAttachment(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  id: number;
  storageDirectory?: string;
}): Promise<boolean> {
  const { db, viewer, brand, locale, id } = options;
  requireResumesEnabled(brand, locale);
  const resume = await findOwnResume({ db, viewer, brand });
  if (!resume) return false;
  const [row] = await db
    .delete(resumeAttachments)
    .where(and(eq(resumeAttachments.id, id), eq(resumeAttachments.resumeId, resume.id)))
    .returning();
  if (!row) return false;
  await removeFile({ key: row.storageKey, directory: options.storageDirectory });
  return true;
}

/** A resume file for GET /api/resume-files/{id}: owner, staff and approved contacts; null for everyone else. */
export async function readResumeAttachment(options: {
  db: Database;
  viewer: Viewer;
  brandId: string;
  fileId: number;
  storageDirectory?: string;
}): Promise<{ data: Uint8Array; fileName: string; mimeType: string } | null> {
  const { db, viewer, brandId, fileId } = options;
  const [row] = await db
    .select({ file: resumeAttachments, resume: resumes })
    .from(resumeAttachments)
    .innerJoin(resumes, eq(resumes.id, resumeAttachments.resumeId))
    .where(eq(resumeAttachments.id, fileId));
  if (!row || row.resume.frontend !== brandId || !isStorageKey(row.file.storageKey)) return null;
  if (!(await canSeeContact({ db, viewer, resume: row.resume }))) return null;
  const data = await readFile({ key: row.file.storageKey, directory: options.storageDirectory });
  return data && { data, fileName: row.file.fileName, mimeType: row.file.mimeType };
}
