import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { applicationFileKindValues, applicationLimits } from '../../../lib/applications/application-schema.ts';
import { maxEntityId } from '../../../lib/entity-id.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { applicationFiles, type ApplicationFile } from '../../db/schema/applications.ts';
import { isUploadedFile, keepStoredFile, storeCheckedUpload, type UploadedFile } from '../../storage/checked-upload.ts';
import { parseInput } from '../../validation.ts';
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

  const maxBytes = Math.min(applicationLimits.fileBytes, brand.constants.attachments.maxBytes);
  const refusalKeys = {
    type: 'apply.error.fileType',
    empty: 'apply.error.fileEmpty',
    tooLarge: 'apply.error.fileTooLarge',
    content: 'apply.error.fileContent',
  } as const;
  const directory = options.storageDirectory;
  const stored = await storeCheckedUpload(file, {
    extensions: brand.constants.attachments.extensions,
    maxBytes,
    directory,
    refuse: (problem) => fieldRefusal(field, refusalKeys[problem], locale),
  });
  return keepStoredFile({ key: stored.key, directory }, async () => {
    const [row] = await db
      .insert(applicationFiles)
      .values({
        jobId: job.id,
        uploadToken: randomBytes(16).toString('hex'),
        uploadedBy: viewer.userId,
        kind,
        fileName: stored.fileName || `${kind}.${stored.type.extension}`,
        mimeType: stored.type.mimeType,
        sizeBytes: stored.size,
        storageKey: stored.key,
      })
      .returning();
    if (!row) throw new Error('Inserting the application file returned no row.');
    return row;
  });
}
