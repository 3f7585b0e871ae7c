import { z } from 'zod';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../errors.ts';
import { countRequest } from '../../limits/request-rate.ts';
import { log } from '../../log.ts';
import { parseInput } from '../../validation.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { isUploadedFile, type UploadedFile } from '../organizations/add-organization-attachment.ts';
import {
  CvImportRefusal,
  cvImportLimits,
  type CvImportLimits,
  extractCvText,
  type CvFileType,
} from './import/extract-cv-text.ts';
import { mapCvText, type CvProposal } from './import/map-cv-text.ts';
import { requireResumesEnabled } from './resume-access.ts';

const importSchema = z.object({
  file: z.custom<UploadedFile>(isUploadedFile, { error: 'resume.attachments.fileMissing' }),
});

export interface ResumeImportProposal extends CvProposal {
  fileType: CvFileType;
  /** Pages of a PDF; null for a DOCX. */
  pages: number | null;
}

/**
 * proposeResumeImport: the applicant uploads a CV (PDF or DOCX, issue 17 part 2) and gets its text mapped
 * to resume sections as a proposal; nothing is stored, neither the file nor the proposal (the wizard's
 * import step shows it to correct, and applyResumeImport saves it). Limits: imports per user and hour, file
 * size, type by its first bytes, pages, unpacked size and time (extract-cv-text.ts).
 */
export async function proposeResumeImport(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
  limits?: CvImportLimits;
}): Promise<ResumeImportProposal> {
  const { db, viewer, brand, locale } = options;
  const limits = options.limits ?? cvImportLimits;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'applicant');
  const { file } = parseInput(importSchema, options.input, { locale });
  if (file.size === 0) throw fieldRefusal('file', 'resume.attachments.fileEmpty', locale);
  if (file.size > limits.maxBytes) throw fieldRefusal('file', 'resume.import.error.tooLarge', locale);
  const refusal = await countRequest(db, [
    { key: `resume-import:user:${String(viewer.userId)}`, max: limits.perHour, windowSeconds: 60 * 60 },
  ]);
  if (refusal) throw new AppError('RATE_LIMITED', { key: 'resume.import.error.rateLimited', locale });
  // The size was checked above; yoga has the whole part already.
  const data = new Uint8Array(await new Response(file.stream()).arrayBuffer());
  const started = Date.now();
  try {
    const { type, text, pages } = await extractCvText(data, limits);
    log('resumes').info(
      { userId: viewer.userId, type, pages, bytes: data.byteLength, ms: Date.now() - started },
      'CV imported',
    );
    return { fileType: type, pages, ...mapCvText(text) };
  } catch (error) {
    if (!(error instanceof CvImportRefusal)) throw error;
    log('resumes').warn({ userId: viewer.userId, reason: error.reason, bytes: data.byteLength }, 'CV import refused');
    throw fieldRefusal('file', `resume.import.error.${error.reason}`, locale);
  }
}
