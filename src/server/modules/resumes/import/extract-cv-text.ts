/**
 * The text of an uploaded CV (issue 17 part 2): PDF with unpdf (PDF.js's serverless build, no worker, no
 * downloads), DOCX with mammoth. The type comes from the first bytes only (magic bytes: "%PDF-", or a zip
 * holding word/document.xml); the limits hold before and during extraction: file size, page count, the
 * unpacked size of a DOCX (zip bombs), a time limit, and the length of the text kept.
 */
import { unzipSync } from 'fflate';
import { detectFileType } from '../../../storage/detect-file-type.ts';

export interface CvImportLimits {
  maxBytes: number;
  maxPages: number;
  maxUnpackedBytes: number;
  timeMs: number;
  maxTextChars: number;
  perHour: number;
}

export const cvImportLimits: CvImportLimits = {
  /** The largest CV file accepted. */
  maxBytes: 10 * 1024 * 1024,
  /** Pages of a PDF read at most (a longer one is refused). */
  maxPages: 10,
  /** The unpacked size of all parts of a DOCX together. */
  maxUnpackedBytes: 30 * 1024 * 1024,
  /** Extraction stops after this time. */
  timeMs: 10_000,
  /** Characters of text kept for the mapping. */
  maxTextChars: 100_000,
  /** Imports per user and hour. */
  perHour: 20,
};

export type CvFileType = 'pdf' | 'docx';

export type CvImportRefusalReason = 'fileType' | 'tooManyPages' | 'tooLarge' | 'timeout' | 'unreadable' | 'noText';

/** Why a CV could not be read; the service turns it into a field error. */
export class CvImportRefusal extends Error {
  readonly reason: CvImportRefusalReason;
  constructor(reason: CvImportRefusalReason) {
    super(`CV import refused: ${reason}`);
    this.reason = reason;
  }
}

const zipMagic = [0x50, 0x4b, 0x03, 0x04];

/** "pdf" or "docx" from the first bytes, or null. A DOCX must hold word/document.xml within the size limit. */
export function cvFileTypeOf(data: Uint8Array, limits = cvImportLimits): CvFileType | null {
  if (detectFileType(data.subarray(0, 16))?.extension === 'pdf') return 'pdf';
  if (!zipMagic.every((byte, index) => data[index] === byte)) return null;
  let unpacked = 0;
  let document = false;
  try {
    // Lists the entries without unpacking any (the filter refuses each).
    unzipSync(data, {
      filter: (entry) => {
        unpacked += entry.originalSize;
        if (entry.name === 'word/document.xml') document = true;
        return false;
      },
    });
  } catch {
    return null;
  }
  if (unpacked > limits.maxUnpackedBytes) throw new CvImportRefusal('tooLarge');
  return document ? 'docx' : null;
}

async function withTimeLimit<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new CvImportRefusal('timeout'));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function pdfText(
  data: Uint8Array,
  limits: CvImportLimits,
  deadline: number,
): Promise<{ text: string; pages: number }> {
  const { getDocumentProxy } = await import('unpdf');
  let document: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  const work = (async () => {
    // PDF.js takes over (detaches) the buffer it is given: hand it a copy.
    document = await getDocumentProxy(data.slice(), { verbosity: 0 });
    const pages = document.numPages;
    if (pages > limits.maxPages) throw new CvImportRefusal('tooManyPages');
    const texts: string[] = [];
    for (let number = 1; number <= pages; number++) {
      if (Date.now() > deadline) throw new CvImportRefusal('timeout');
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      texts.push(text);
      page.cleanup();
    }
    return { text: texts.join('\n'), pages };
  })();
  try {
    return await withTimeLimit(work, Math.max(0, deadline - Date.now()), () => void document?.loadingTask.destroy());
  } catch (error) {
    if (error instanceof CvImportRefusal) throw error;
    throw new CvImportRefusal('unreadable');
  } finally {
    void document?.loadingTask.destroy();
  }
}

async function docxText(data: Uint8Array, deadline: number): Promise<{ text: string; pages: null }> {
  const mammoth = await import('mammoth');
  try {
    const result = await withTimeLimit(
      mammoth.extractRawText({ buffer: Buffer.from(data) }),
      Math.max(0, deadline - Date.now()),
      () => undefined,
    );
    return { text: result.value, pages: null };
  } catch (error) {
    if (error instanceof CvImportRefusal) throw error;
    throw new CvImportRefusal('unreadable');
  }
}

/** The text of a CV file within the limits (CvImportRefusal otherwise). */
export async function extractCvText(
  data: Uint8Array,
  limits = cvImportLimits,
): Promise<{ type: CvFileType; text: string; pages: number | null }> {
  if (data.byteLength > limits.maxBytes) throw new CvImportRefusal('tooLarge');
  const type = cvFileTypeOf(data, limits);
  if (!type) throw new CvImportRefusal('fileType');
  const deadline = Date.now() + limits.timeMs;
  const { text, pages } = type === 'pdf' ? await pdfText(data, limits, deadline) : await docxText(data, deadline);
  const kept = text.slice(0, limits.maxTextChars);
  if (kept.trim() === '') throw new CvImportRefusal('noText');
  return { type, text: kept, pages };
}
