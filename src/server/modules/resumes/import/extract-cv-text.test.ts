import { describe, expect, it } from 'vitest';
import { cvDocx, cvPdf, germanCv } from '../../../../../tests/support/cv-fixtures.ts';
import { CvImportRefusal, cvImportLimits, extractCvText } from './extract-cv-text.ts';

const reasonOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'read';
  } catch (error) {
    return error instanceof CvImportRefusal ? error.reason : String(error);
  }
};

describe('extractCvText', () => {
  it('reads the text of a PDF and of a DOCX', async () => {
    const pdf = await extractCvText(await cvPdf(germanCv));
    expect(pdf).toMatchObject({ type: 'pdf', pages: 1 });
    expect(pdf.text).toContain('Softwareentwicklerin bei Schwarzwald Software GmbH');
    const docx = await extractCvText(cvDocx(germanCv));
    expect(docx).toMatchObject({ type: 'docx', pages: null });
    expect(docx.text).toContain('Geburtsdatum: 01.04.1990');
  });

  it('stops at the time limit, the unpacked size limit and the text limit', async () => {
    expect(await reasonOf(extractCvText(await cvPdf(germanCv), { ...cvImportLimits, timeMs: 0 }))).toBe('timeout');
    expect(await reasonOf(extractCvText(cvDocx(germanCv), { ...cvImportLimits, maxUnpackedBytes: 100 }))).toBe(
      'tooLarge',
    );
    const short = await extractCvText(cvDocx(germanCv), { ...cvImportLimits, maxTextChars: 10 });
    expect(short.text).toHaveLength(10);
    expect(await reasonOf(extractCvText(await cvPdf(['']), cvImportLimits))).toBe('noText');
  });
});
