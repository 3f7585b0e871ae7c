/**
 * CVs the tests generate (issue 17 part 2): the same German and English CV texts as a PDF (pdfkit) and as a
 * minimal DOCX (a zip of [Content_Types].xml, the relationships and word/document.xml, built with fflate).
 */
import PDFDocument from 'pdfkit';
import { strToU8, zipSync } from 'fflate';

export const germanCv = [
  'Lebenslauf',
  'Greta Beispiel',
  'E-Mail: greta.beispiel@example.org',
  'Telefon: +49 761 555123',
  'Geburtsdatum: 01.04.1990',
  'Adresse: Freiburg im Breisgau',
  'Berufserfahrung',
  '03/2019 – heute Softwareentwicklerin bei Schwarzwald Software GmbH, Freiburg',
  'Entwicklung von Webanwendungen mit TypeScript',
  '08/2015 – 02/2019 Werkstudentin, Datenwerk AG, Karlsruhe',
  'Ausbildung',
  '10/2010 – 09/2015 Master Informatik, Albert-Ludwigs-Universität Freiburg',
  '2001 – 2010 Abitur, Goethe-Gymnasium Emmendingen',
  'Kenntnisse',
  'TypeScript, PostgreSQL, Docker',
  'Sprachen',
  'Deutsch (Muttersprache), Englisch (C1), Suaheli (Grundkenntnisse)',
];

export const englishCv = [
  'Curriculum Vitae',
  'John Example',
  'Email: john.example@example.com',
  'Phone: +44 20 7946 0958',
  'Date of birth: 1988-11-23',
  'Address: Manchester',
  'Work experience',
  'Jan 2020 - present Data Analyst at Northern Data Ltd, Manchester',
  '- Built reporting dashboards',
  'Jun 2016 - Dec 2019 Junior Analyst, Insight Partners',
  'Education',
  '2012 - 2016 BSc Mathematics, University of Leeds',
  'Skills',
  'Python • SQL • Tableau',
  'Languages',
  'English (native), French (B2)',
];

/** A PDF with the lines as text (one page per `linesPerPage` lines). */
export async function cvPdf(lines: readonly string[], linesPerPage = 100): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  lines.forEach((line, index) => {
    if (index > 0 && index % linesPerPage === 0) doc.addPage();
    doc.text(line);
  });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal DOCX with one paragraph per line. */
export function cvDocx(lines: readonly string[]): Uint8Array {
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`);
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    _rels: {
      '.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    word: {
      'document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.join('')}</w:body></w:document>`,
      ),
    },
  });
}
