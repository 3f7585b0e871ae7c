import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { applicationFileKindValues, applicationLimits } from '../../../lib/applications/application-schema.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { applicationFiles, type ApplicationFile } from '../../db/schema/applications.ts';
import { detectFileType, extensionOf, fileTypeHeaderLength } from '../../storage/detect-file-type.ts';
import { FileTooLargeError, peekStream, removeFile, storeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { cleanFileName, isUploadedFile, type UploadedFile } from '../organizations/add-organization-attachment.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { applyBlockerOf, requireMayApply, requireOpenJob } from './application-access.ts';

const uploadSchema = z.object({
  jobId: z.number().int().min(1).max(maxEntityId),
  kind: z.enum(applicationFileKindValues),
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'apply.error.fileMissing' }),
});

/** The form field a file kind fills. */
export const fieldOfKind = { cv: 'cvFile', cover_letter: 'coverLetterFile' } as const;

/**
 * uploadApplicationFile: a CV or cover letter for an application to an open job of the brand, by whoever may
 * start an application there (sending it may still need an account: applyBlockerOf). Only a file whose extension is allowed (SPEC section 5: pdf, jpg, jpeg, png, webp), whose
 * first bytes prove that very type and that stays within 50 MB while it is streamed is kept, under a
 * generated name outside public/; the row waits for its application (application_id null). The answer's
 * token is the uploader's only handle on the file: it goes into the application's cvFile/coverLetterFile.
 * Uploads per client are limited by the GraphQL front (RATE_LIMIT_UPLOADS_PER_HOUR).
 */
export async function uploadApplicationFile(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
  storageDirectory?: string;
}): Promise<ApplicationFile> {
  const { db, viewer, brand, locale } = options;
  const { jobId, kind, file } = parseInput(uploadSchema, options.input, { locale });
  const field = fieldOfKind[kind];
  const job = await requireOpenJob({ db, jobId, brand, locale });
  // Sending needs what applyBlockerOf asks; a file may come first (a visitor of a brand that forces
  // registration signs in at the review step and keeps their files), but never from a non-applicant account.
  const blocker = await applyBlockerOf({ db, viewer, brand });
  if (blocker === 'notApplicant') requireMayApply(blocker, locale);

  const fileName = cleanFileName(file.name);
  const extension = extensionOf(fileName);
  const allowed = brand.constants.attachments.extensions.map((candidate) => candidate.toLowerCase());
  if (!allowed.includes(extension)) throw fieldRefusal(field, 'apply.error.fileType', locale);
  const maxBytes = Math.min(applicationLimits.fileBytes, brand.constants.attachments.maxBytes);
  if (file.size === 0) throw fieldRefusal(field, 'apply.error.fileEmpty', locale);
  if (file.size > maxBytes) throw fieldRefusal(field, 'apply.error.fileTooLarge', locale);
  const { head, stream } = await peekStream(file.stream(), fileTypeHeaderLength);
  const type = detectFileType(head);
  if (!type || !type.acceptedExtensions.includes(extension)) {
    await stream.cancel();
    throw fieldRefusal(field, 'apply.error.fileContent', locale);
  }
  let stored: { key: string; size: number };
  try {
    stored = await storeFile({
      data: stream,
      maxBytes,
      extension: type.extension,
      directory: options.storageDirectory,
    });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw fieldRefusal(field, 'apply.error.fileTooLarge', locale);
    throw error;
  }
  try {
    const [row] = await db
      .insert(applicationFiles)
      .values({
        jobId: job.id,
        uploadToken: randomBytes(16).toString('hex'),
        uploadedBy: viewer.userId,
        kind,
        fileName: fileName || `${kind}.${type.extension}`,
        mimeType: type.mimeType,
        sizeBytes: stored.size,
        storageKey: stored.key,
      })
      .returning();
    if (!row) throw new Error('Inserting the application file returned no row.');
    return row;
  } catch (error) {
    await removeFile({ key: stored.key, directory: options.storageDirectory });
    throw error;
  }
}
