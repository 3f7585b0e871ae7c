import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { jobLimits } from '../../../lib/jobs/job-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { jobFiles, jobs, type JobFile } from '../../db/schema/jobs.ts';
import { detectFileType, fileTypeHeaderLength } from '../../storage/detect-file-type.ts';
import {
  FileTooLargeError,
  isStorageKey,
  peekStream,
  readFile,
  removeFile,
  storeFile,
} from '../../storage/file-storage.ts';
import { parseInput } from '../../validation.ts';
import { getJob } from '../jobs/get-job.ts';
import { cleanFileName, type UploadedFile } from '../organizations/add-organization-attachment.ts';
import type { OrganizationLoaders } from '../organizations/loaders.ts';
import { fieldRefusal, requireJobOrganization, requireJobPoster } from './job-access.ts';

type AccessLoaders = Pick<OrganizationLoaders, 'organization' | 'userMemberships'>;

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadedFile).name === 'string' &&
  typeof (value as UploadedFile).size === 'number' &&
  typeof (value as UploadedFile).stream === 'function';

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

/**
 * The PDF of a job_per_file job for GET /api/job-files/{jobId}: for whoever may see the job (public
 * states for everyone, drafts and jobs in review for its recruiters and staff); null otherwise.
 */
export async function readJobFile(options: {
  db: Database;
  viewer: Viewer;
  loaders: AccessLoaders;
  brandId: string;
  input: unknown;
  storageDirectory?: string;
}): Promise<{ data: Uint8Array; fileName: string } | null> {
  const { id } = parseInput(z.object({ id: z.coerce.number().int().positive() }), options.input);
  const job = await getJob({ ...options, input: { id } });
  if (!job?.fileKey || job.jobType !== 'job_per_file' || !isStorageKey(job.fileKey)) return null;
  const data = await readFile({ key: job.fileKey, directory: options.storageDirectory });
  if (!data) return null;
  const [file] = await options.db
    .select({ fileName: jobFiles.fileName })
    .from(jobFiles)
    .innerJoin(jobs, eq(jobs.id, job.id))
    .where(and(eq(jobFiles.storageKey, job.fileKey), eq(jobFiles.organizationId, jobs.organizationId)));
  return { data, fileName: file?.fileName ?? `job-${job.id}.pdf` };
}
