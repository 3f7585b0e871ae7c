/**
 * The text of a CV (PDF or DOCX, German or English) mapped to resume sections (issue 17 part 2): name,
 * contact data, work experience and education entries with their dates, skills and languages. It is only a
 * proposal: the wizard's import step shows it for the applicant to correct, and saving checks it with the
 * sections' schemas. Plain rules over the lines, no model: a heading starts a section ("Berufserfahrung",
 * "Work experience", …), a line starting with a period starts an entry ("03/2019 – heute Entwickler, Firma").
 */
import type { degreeLevels, languageCodes } from '../../../../lib/resumes/resume-schema.ts';
import { resumeLimits, type EducationEntry, type WorkExperienceEntry } from '../../../../lib/resumes/resume-schema.ts';

export interface CvPersonalProposal {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  /** YYYY-MM-DD */
  birthday: string | null;
  homeLocation: string | null;
}

export type CvWorkProposal = Pick<
  WorkExperienceEntry,
  'jobTitle' | 'companyName' | 'location' | 'startMonth' | 'endMonth' | 'summary'
>;
export type CvEducationProposal = Pick<
  EducationEntry,
  'institution' | 'degreeLevel' | 'studyProgram' | 'location' | 'startMonth' | 'endMonth' | 'summary'
>;

export interface CvProposal {
  personalInfo: CvPersonalProposal;
  workExperience: CvWorkProposal[];
  education: CvEducationProposal[];
  skills: string[];
  /** Language codes of the resume schema. */
  languages: string[];
  /** Languages the CV names that have no code. */
  languagesFree: string | null;
}

type SectionName = 'work' | 'education' | 'skills' | 'languages' | 'personal' | 'other';

const headings: readonly [SectionName, RegExp][] = [
  [
    'work',
    /^(berufserfahrung|berufliche erfahrung|beruflicher werdegang|berufspraxis|praxiserfahrung|work experience|professional experience|experience|employment history|employment|career)$/,
  ],
  [
    'education',
    /^(ausbildung|bildung|bildungsweg|schulbildung|schul- und ausbildung|studium|akademischer werdegang|education|academic background|education and training)$/,
  ],
  [
    'skills',
    /^(kenntnisse|fähigkeiten|fachkenntnisse|kompetenzen|it-kenntnisse|edv-kenntnisse|fähigkeiten und kenntnisse|skills|technical skills|key skills|competencies)$/,
  ],
  ['languages', /^(sprachen|sprachkenntnisse|fremdsprachen|languages|language skills)$/],
  [
    'personal',
    /^(persönliche daten|kontakt|kontaktdaten|personal details|personal information|contact|contact details)$/,
  ],
  [
    'other',
    /^(interessen|hobbys|hobbies|interests|referenzen|references|projekte|projects|zertifikate|certificates|profil|profile|summary|über mich|about me)$/,
  ],
];

const titleLines = /^(lebenslauf|tabellarischer lebenslauf|curriculum vitae|cv|resume|résumé)$/i;

const monthNames: Record<string, number> = {
  jan: 1,
  januar: 1,
  january: 1,
  jän: 1,
  feb: 2,
  februar: 2,
  february: 2,
  mär: 3,
  mar: 3,
  märz: 3,
  march: 3,
  apr: 4,
  april: 4,
  mai: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oct: 10,
  oktober: 10,
  october: 10,
  nov: 11,
  november: 11,
  dez: 12,
  dec: 12,
  dezember: 12,
  december: 12,
};

const monthWord = Object.keys(monthNames)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** One date of a period: 03/2019, 03.2019, 2019-03, März 2019, Mar. 2019, 2019. */
const datePart = `(?:\\d{1,2}[./]\\d{4}|\\d{4}-\\d{2}|(?:${monthWord})\\.?\\s+\\d{4}|\\d{4})`;
const openEnd = '(?:heute|bis heute|present|today|now|current|laufend|aktuell|jetzt)';
const periodPattern = new RegExp(
  `^(?:(?:seit|since|von|from)\\s+)?(${datePart})(?:\\s*(?:[-–—]|bis|to|until)\\s*(${datePart}|${openEnd}))?\\s*[:,|–—-]?\\s*(.*)$`,
  'i',
);

const pad = (value: number) => String(value).padStart(2, '0');

/** "03/2019" → "2019-03"; a bare year counts as its January (start) or December (end); open end → null. */
function monthOf(text: string | undefined, end: boolean): string | null {
  if (!text) return null;
  const value = text.trim().toLowerCase();
  let match = /^(\d{1,2})[./](\d{4})$/.exec(value);
  if (match) {
    const month = Number(match[1]);
    return month >= 1 && month <= 12 ? `${match[2]}-${pad(month)}` : null;
  }
  match = /^(\d{4})-(\d{2})$/.exec(value);
  if (match) return Number(match[2]) >= 1 && Number(match[2]) <= 12 ? value : null;
  match = /^([a-zäé]+)\.?\s+(\d{4})$/.exec(value);
  if (match) {
    const month = monthNames[match[1] ?? ''];
    return month ? `${match[2]}-${pad(month)}` : null;
  }
  match = /^(\d{4})$/.exec(value);
  if (match) return `${match[1]}-${end ? '12' : '01'}`;
  return null;
}

const languageNames: Record<string, (typeof languageCodes)[number]> = {
  deutsch: 'de',
  german: 'de',
  englisch: 'en',
  english: 'en',
  französisch: 'fr',
  french: 'fr',
  spanisch: 'es',
  spanish: 'es',
  italienisch: 'it',
  italian: 'it',
  polnisch: 'pl',
  polish: 'pl',
  türkisch: 'tr',
  turkish: 'tr',
  russisch: 'ru',
  russian: 'ru',
  arabisch: 'ar',
  arabic: 'ar',
  ukrainisch: 'uk',
  ukrainian: 'uk',
  niederländisch: 'nl',
  dutch: 'nl',
  portugiesisch: 'pt',
  portuguese: 'pt',
};

const institutionWords =
  /(universität|hochschule|fachhochschule|university|college|school|schule|gymnasium|akademie|academy|institut|institute|berufsschule|tu |lmu|eth)/i;

const degreeRules: readonly [(typeof degreeLevels)[number], RegExp][] = [
  ['doctorate', /\b(dr\.|ph\.?d|promotion|doktor|doctorate)/i],
  ['master', /\b(master|m\.\s?sc|m\.\s?a\.|msc|mba|diplom|magister)/i],
  ['bachelor', /\b(bachelor|b\.\s?sc|b\.\s?a\.|bsc|b\.\s?eng)/i],
  ['apprenticeship', /(ausbildung|apprenticeship|lehre\b|gesell)/i],
  ['school', /(abitur|realschul|hauptschul|mittlere reife|high school|a-levels|gcse|baccalaur|schulabschluss)/i],
];

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.replace(/\s+/g, ' ').trim() ?? '';
  return trimmed ? trimmed.slice(0, max) : null;
};

const emailPattern = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const phoneLabel =
  /^(?:tel(?:efon)?|phone|mobil(?:e)?|handy|mobile phone|telephone)\.?\s*:?\s*(\+?[0-9][0-9 ()/.-]{4,38}[0-9])/i;
const birthdayLabel = /^(?:geburtsdatum|geboren(?: am)?|date of birth|born|d\.o\.b\.?|birthday)\s*:?\s*(.+)$/i;
const addressLabel = /^(?:adresse|anschrift|wohnort|address|location|wohnhaft in)\s*:?\s*(.+)$/i;
const labelled = (pattern: RegExp) => (line: string) => pattern.exec(line)?.[1]?.trim() ?? null;

/** 01.04.1990, 1.4.1990, 1990-04-01, 01/04/1990 (day first) → 1990-04-01. */
function dayOf(text: string): string | null {
  let match = /(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(text);
  if (match) {
    const [day, month, year] = [Number(match[1]), Number(match[2]), match[3]];
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) return `${year}-${pad(month)}-${pad(day)}`;
  }
  match = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (match) return `${match[1]}-${match[2]}-${match[3]}`;
  match = new RegExp(`(\\d{1,2})\\.?\\s+(${monthWord})\\.?\\s+(\\d{4})`, 'i').exec(text);
  if (match) {
    const month = monthNames[(match[2] ?? '').toLowerCase()];
    if (month) return `${match[3]}-${pad(month)}-${pad(Number(match[1]))}`;
  }
  return null;
}

/** "Max Mustermann" → first and last name: a line of two to four capitalised words without digits. */
function nameOf(line: string): { firstName: string; lastName: string } | null {
  if (/[\d@:|]/.test(line) || titleLines.test(line)) return null;
  const words = line.split(/\s+/);
  if (words.length < 2 || words.length > 4) return null;
  if (!words.every((word) => /^\p{Lu}[\p{L}'’.-]*$/u.test(word))) return null;
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] ?? '' };
}

function headingOf(line: string): SectionName | null {
  const plain = line
    .replace(/[:\s]+$/, '')
    .trim()
    .toLowerCase();
  if (plain.length > 40) return null;
  return headings.find(([, pattern]) => pattern.test(plain))?.[0] ?? null;
}

/** "Java, SQL; Docker • Kubernetes" → the items, at most the schema's count and length. */
function listItems(text: string): string[] {
  const items = text
    .split(/[,;•·|\u2022\u25CF\u25AA]|\s[-–]\s|^\s*[-–*]\s/)
    .map((item) => item.replace(/^[-–*\s]+/, '').trim())
    .filter((item) => item.length > 0 && item.length <= 60);
  return [...new Set(items)].slice(0, resumeLimits.listItems);
}

interface RawEntry {
  startMonth: string | null;
  endMonth: string | null;
  head: string;
  more: string[];
}

/** "Entwickler bei Firma GmbH, Berlin" → ["Entwickler", "Firma GmbH", "Berlin"]. */
function partsOf(text: string): string[] {
  return text
    .split(/\s*,\s*|\s+(?:bei|at|an der|am|an|@)\s+|\s+[|–—]\s+|\s+-\s+/i)
    .map((part) => part.trim())
    .filter(Boolean);
}

function workOf(entry: RawEntry): CvWorkProposal | null {
  const lines = entry.head ? [entry.head, ...entry.more] : entry.more;
  const [first, ...rest] = lines;
  if (!first) return null;
  const parts = partsOf(first);
  const extra = parts.length < 2 && rest[0] && !rest[0].startsWith('-') ? partsOf(rest.shift() ?? '') : [];
  const all = [...parts, ...extra];
  return {
    jobTitle: clip(all[0], resumeLimits.text) ?? '',
    companyName: clip(all[1], resumeLimits.text),
    location: clip(all.slice(2).join(', '), resumeLimits.text),
    startMonth: entry.startMonth,
    endMonth: entry.endMonth,
    summary: clip(rest.map((line) => line.replace(/^[-–•*]\s*/, '')).join('\n'), resumeLimits.summary),
  };
}

function educationOf(entry: RawEntry): CvEducationProposal | null {
  const lines = entry.head ? [entry.head, ...entry.more] : entry.more;
  const [first, ...rest] = lines;
  if (!first) return null;
  const parts = partsOf(first);
  const extra = parts.length < 2 && rest[0] ? partsOf(rest.shift() ?? '') : [];
  const all = [...parts, ...extra];
  const institutionIndex = all.findIndex((part) => institutionWords.test(part));
  const institution = institutionIndex >= 0 ? all[institutionIndex] : (all[1] ?? all[0]);
  const others = all.filter((part) => part !== institution);
  const program = others[0] ?? null;
  return {
    institution: clip(institution, resumeLimits.text) ?? '',
    degreeLevel: degreeRules.find(([, pattern]) => pattern.test(all.join(' ')))?.[0] ?? null,
    studyProgram: clip(program, resumeLimits.text),
    location: clip(others.slice(1).join(', '), resumeLimits.text),
    startMonth: entry.startMonth,
    endMonth: entry.endMonth,
    summary: clip(rest.join('\n'), resumeLimits.summary),
  };
}

/** A line that starts a dated entry, or null. */
function periodOf(line: string): RawEntry | null {
  const match = periodPattern.exec(line);
  if (!match) return null;
  const startMonth = monthOf(match[1], false);
  if (!startMonth) return null;
  const endText = match[2];
  const endMonth = endText && new RegExp(`^${openEnd}$`, 'i').test(endText.trim()) ? null : monthOf(endText, true);
  // A year alone with text behind it that is no period ("2019 Umzug") still counts; a bare number does not.
  if (!endText && /^\d{4}$/.test(match[1] ?? '') && !match[3]) return null;
  return {
    startMonth,
    endMonth: endMonth && endMonth < startMonth ? null : endMonth,
    head: (match[3] ?? '').trim(),
    more: [],
  };
}

/** The proposal for a CV's text (at most the schema's number of entries per section). */
export function mapCvText(text: string): CvProposal {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const personal: CvPersonalProposal = {
    firstName: null,
    lastName: null,
    email: null,
    phone: null,
    birthday: null,
    homeLocation: null,
  };
  const entries: Record<'work' | 'education', RawEntry[]> = { work: [], education: [] };
  const skills: string[] = [];
  const languageLines: string[] = [];
  let section: SectionName | null = null;
  let current: RawEntry | null = null;

  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) {
      section = heading;
      current = null;
      continue;
    }
    personal.email ??= emailPattern.exec(line)?.[0]?.slice(0, 200) ?? null;
    personal.phone ??= labelled(phoneLabel)(line);
    const birthday = labelled(birthdayLabel)(line);
    if (birthday && !personal.birthday) personal.birthday = dayOf(birthday);
    const address = labelled(addressLabel)(line);
    if (address && !personal.homeLocation) personal.homeLocation = clip(address, resumeLimits.text);
    // "Sprachen: Deutsch, Englisch" and "Skills: Java, SQL" on one line, in any part of the CV.
    const inline = /^([\p{L} -]{3,30}):\s*(.+)$/u.exec(line);
    const inlineSection = inline ? headingOf(inline[1] ?? '') : null;
    if (inline && (inlineSection === 'skills' || inlineSection === 'languages')) {
      if (inlineSection === 'skills') skills.push(...listItems(inline[2] ?? ''));
      else languageLines.push(inline[2] ?? '');
      continue;
    }
    if (!personal.firstName && section === null && !emailPattern.test(line)) {
      const name = nameOf(line);
      if (name) {
        personal.firstName = clip(name.firstName, resumeLimits.name);
        personal.lastName = clip(name.lastName, resumeLimits.name);
        continue;
      }
    }
    if (section === 'work' || section === 'education') {
      const period = periodOf(line);
      if (period) {
        current = period;
        entries[section].push(period);
      } else if (current) {
        current.more.push(line);
      }
    } else if (section === 'skills') {
      skills.push(...listItems(line));
    } else if (section === 'languages') {
      languageLines.push(line);
    }
  }

  const codes = new Set<string>();
  const free: string[] = [];
  for (const line of languageLines) {
    for (const item of listItems(line)) {
      const word = item.split(/[\s(:–-]/)[0]?.toLowerCase() ?? '';
      const code = languageNames[word];
      if (code) codes.add(code);
      else if (/^\p{L}+$/u.test(word) && word.length > 2) free.push(item);
    }
  }

  return {
    personalInfo: personal,
    workExperience: entries.work
      .map(workOf)
      .filter((entry): entry is CvWorkProposal => entry !== null && entry.jobTitle !== '')
      .slice(0, resumeLimits.entries),
    education: entries.education
      .map(educationOf)
      .filter((entry): entry is CvEducationProposal => entry !== null && entry.institution !== '')
      .slice(0, resumeLimits.entries),
    skills: [...new Set(skills)].slice(0, resumeLimits.listItems),
    languages: [...codes],
    languagesFree: clip(free.join(', '), resumeLimits.text),
  };
}
