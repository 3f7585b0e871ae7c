import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { jobLimits } from '../../../lib/jobs/job-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobFiles, type JobFile } from '../../db/schema/jobs.ts';
import { detectFileType, fileTypeHeaderLength } from '../../storage/detect-file-type.ts';
import { FileTooLargeError, peekStream, removeFile, storeFile } from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { cleanFileName, isUploadedFile, type UploadedFile } from '../organizations/add-organization-attachment.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';
import { fieldRefusal, requireJobOrganization, requireJobPoster } from './job-access.ts';

type AccessLoaders = Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;

const uploadSchema = z.object({
  organizationId: z.number().int().positive(),
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'job.error.fileRequired' }),
});

/**
 * uploadJobFile: the PDF of a job_per_file ad, for an organization whose jobs the viewer manages. Only a
 * file whose first bytes prove a PDF (not just its name) and that stays within 50 MB while it is streamed
 * to storage is kept, under a generated name outside public/. The answer's id goes into JobInput.file;
 * the file is served only to those who may see its job (GET /api/job-files/{jobId}).
 */
export async function uploadJobFile(options: {
  db: Database;
  viewer: Viewer;
  loaders: AccessLoaders;
  brand: Brand;
  locale: Locale;
  input: unknown;
  /** Upload directory; UPLOAD_DIR when unset. */
  storageDirectory?: string;
}): Promise<JobFile> {
  const { db, viewer, loaders, brand, locale } = options;
  requireJobPoster(viewer, locale);
  const { organizationId, file } = parseInput(uploadSchema, options.input, { locale });
  const organization = await requireJobOrganization({ viewer, loaders, organizationId, brandId: brand.id, locale });
  const maxBytes = Math.min(jobLimits.fileBytes, brand.constants.attachments.maxBytes);
  if (file.size > maxBytes) throw fieldRefusal('file', 'job.error.fileTooLarge', locale);
  const { head, stream } = await peekStream(file.stream(), fileTypeHeaderLength);
  if (detectFileType(head)?.extension !== 'pdf') {
    await stream.cancel();
    throw fieldRefusal('file', 'job.error.fileNotPdf', locale);
  }
  let stored: { key: string; size: number };
  try {
    stored = await storeFile({ data: stream, maxBytes, extension: 'pdf', directory: options.storageDirectory });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw fieldRefusal('file', 'job.error.fileTooLarge', locale);
    throw error;
  }
  try {
    const [row] = await db
      .insert(jobFiles)
      .values({
        organizationId: organization.id,
        uploadedBy: viewer.userId,
        fileName: cleanFileName(file.name) || 'job.pdf',
        sizeBytes: stored.size,
        storageKey: stored.key,
      })
      .returning();
    if (!row) throw new Error('Inserting the job file returned no row.');
    return row;
  } catch (error) {
    await removeFile({ key: stored.key, directory: options.storageDirectory });
    throw error;
  }
}
