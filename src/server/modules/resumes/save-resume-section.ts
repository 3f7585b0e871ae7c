import { randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import {
  educationSchema,
  jobPreferencesSchema,
  languagesSchema,
  personalInfoSchema,
  resumeImportSchema,
  resumeLimits,
  skillsSchema,
  workExperienceSchema,
  type EducationEntry,
  type PersonalInfo,
  type WorkExperienceEntry,
} from '../../../lib/resumes/resume-schema.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import {
  resumeFacetFields,
  resumeFacetLinks,
  resumeFacetTerms,
  type ResumeFacetField,
} from '../../db/schema/resumes.ts';
import { resumePrivate, resumes, type Resume } from '../../db/schema/resumes.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { Transaction } from '../job-posting/job-access.ts';
import { findOwnResume, requireResumesEnabled } from './resume-access.ts';
import { placeOf } from './place-of.ts';

type Sections = Pick<Resume, 'jobPreferences' | 'education' | 'workExperience' | 'languages' | 'skills'>;

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.map((value) => value?.trim()).filter((value): value is string => !!value)),
];

/**
 * The search columns and facet values of a resume, from its public sections only: titles, desired
 * occupation, experience and skills for the text; career status, languages, skills, occupations, region and
 * field of study for the facets. Private fields never reach them.
 */
export function searchColumnsOf(sections: Sections) {
  const preferences = sections.jobPreferences;
  const place = placeOf(preferences?.desiredLocation ?? null);
  const skills = sections.skills;
  const searchText = [
    preferences?.desiredOccupation,
    ...sections.workExperience.flatMap((entry) => [entry.jobTitle, entry.occupation, entry.summary]),
    ...sections.education.flatMap((entry) => [entry.fieldOfStudy, entry.studyProgram]),
    ...(skills?.skills ?? []),
    skills?.skillsFree,
    skills?.skillsNotes,
  ]
    .filter(Boolean)
    .join(' ');
  const facets: Record<ResumeFacetField, string[]> = {
    careerStatus: unique([preferences?.careerStatus]),
    languages: unique(sections.languages?.languages ?? []),
    skills: unique(skills?.skills ?? []),
    occupations: unique([preferences?.desiredOccupation, ...sections.workExperience.map((entry) => entry.occupation)]),
    region: unique([place?.region]),
    fieldOfStudy: unique(sections.education.map((entry) => entry.fieldOfStudy)),
  };
  return {
    columns: {
      title: preferences?.title ?? null,
      searchText,
      region: place?.region ?? null,
      latitude: place?.lat ?? null,
      longitude: place?.lon ?? null,
    },
    facets,
  };
}

/** Replaces a resume's facet links with `facets` (the values' terms are created once per field and value). */
export async function writeFacetLinks(tx: Transaction, resumeId: number, facets: Record<ResumeFacetField, string[]>) {
  await tx.delete(resumeFacetLinks).where(eq(resumeFacetLinks.resumeId, resumeId));
  const wanted = resumeFacetFields.flatMap((field) => facets[field].map((value) => ({ field, value })));
  if (wanted.length === 0) return;
  await tx.insert(resumeFacetTerms).values(wanted).onConflictDoNothing();
  const terms = await tx
    .select()
    .from(resumeFacetTerms)
    .where(
      or(
        ...wanted.map(({ field, value }) => and(eq(resumeFacetTerms.field, field), eq(resumeFacetTerms.value, value))),
      ),
    );
  await tx
    .insert(resumeFacetLinks)
    .values(terms.map((term) => ({ resumeId, termId: term.id, field: term.field })))
    .onConflictDoNothing();
}

const newEntryId = () => randomBytes(8).toString('hex');

/** Adds an entry (no id) or replaces the entry with the input's id; NOT_FOUND for an unknown id. */
function upsertEntry<T extends { id: string }>(
  entries: T[],
  input: Omit<T, 'id'> & { id: string | null },
  locale: Locale,
): T[] {
  if (input.id === null) {
    if (entries.length >= resumeLimits.entries)
      throw new AppError('QUOTA_EXCEEDED', { key: 'resume.error.tooManyEntries', locale });
    return [...entries, { ...input, id: newEntryId() } as T];
  }
  if (!entries.some((entry) => entry.id === input.id))
    throw new AppError('NOT_FOUND', { key: 'resume.error.entryNotFound', locale });
  return entries.map((entry) => (entry.id === input.id ? ({ ...input, id: entry.id } as T) : entry));
}

/**
 * Creates the resume (hidden) with its private row, or changes its personal info; a field the brand hides
 * is never asked, so it is never changed either (SPEC 9).
 */
async function writePersonalInfo(
  tx: Transaction,
  options: { brand: Brand; userId: number; existing: Resume | null; info: PersonalInfo },
): Promise<Resume> {
  const { brand, userId, existing, info } = options;
  const hidden = brand.constants.resumeHiddenFields.personal_info ?? [];
  const keep = (field: string, value: string | null, old: string | null) => (hidden.includes(field) ? old : value);
  let resume: Resume | undefined = existing ?? undefined;
  if (!resume) {
    [resume] = await tx
      .insert(resumes)
      .values({
        userId,
        frontend: brand.id as Resume['frontend'],
        salutation: info.salutation,
        about: keep('about', info.about, null),
      })
      .returning();
  } else {
    [resume] = await tx
      .update(resumes)
      .set({ salutation: info.salutation, about: keep('about', info.about, resume.about) })
      .where(eq(resumes.id, resume.id))
      .returning();
  }
  if (!resume) throw new Error('Saving the resume returned no row.');
  const [old] = await tx.select().from(resumePrivate).where(eq(resumePrivate.resumeId, resume.id));
  const values = {
    firstName: info.firstName,
    lastName: info.lastName,
    phone: keep('phone', info.phone, old?.phone ?? null),
    birthday: info.birthday,
    homeLocation: info.homeLocation,
  };
  await tx
    .insert(resumePrivate)
    .values({ resumeId: resume.id, ...values })
    .onConflictDoUpdate({ target: resumePrivate.resumeId, set: values });
  return resume;
}

export type SavableSection =
  'personal_info' | 'job_preferences' | 'education' | 'work_experience' | 'languages' | 'skills';

/**
 * saveResumeSection: the signed-in applicant saves one section of their resume on the brand, checked by the
 * section's one schema (src/lib/resumes/resume-schema.ts). personal_info creates the resume (hidden) with its
 * private row; every other section needs it first (CONFLICT). The public sections, the search columns and
 * the private row are written in one transaction.
 */
export async function saveResumeSection(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  section: SavableSection;
  input: unknown;
}): Promise<Resume> {
  const { db, viewer, brand, locale, section } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'applicant');
  const userId = viewer.userId;
  const existing = await findOwnResume({ db, viewer, brand });

  if (section === 'personal_info') {
    const info = parseInput(personalInfoSchema, options.input, { locale });
    return db.transaction((tx) => writePersonalInfo(tx, { brand, userId, existing, info }));
  }

  if (!existing) throw new AppError('CONFLICT', { key: 'resume.error.personalInfoFirst', locale });
  const sections: Sections = {
    jobPreferences: existing.jobPreferences,
    education: existing.education,
    workExperience: existing.workExperience,
    languages: existing.languages,
    skills: existing.skills,
  };
  switch (section) {
    case 'job_preferences':
      sections.jobPreferences = parseInput(jobPreferencesSchema, options.input, { locale });
      break;
    case 'education':
      sections.education = upsertEntry<EducationEntry>(
        existing.education,
        parseInput(educationSchema, options.input, { locale }),
        locale,
      );
      break;
    case 'work_experience':
      sections.workExperience = upsertEntry<WorkExperienceEntry>(
        existing.workExperience,
        parseInput(workExperienceSchema, options.input, { locale }),
        locale,
      );
      break;
    case 'languages':
      sections.languages = parseInput(languagesSchema, options.input, { locale });
      break;
    case 'skills':
      sections.skills = parseInput(skillsSchema, options.input, { locale });
      break;
  }
  return writeSections({ db, resumeId: existing.id, sections });
}

async function writeSections(options: { db: Database; resumeId: number; sections: Sections }): Promise<Resume> {
  const { db, resumeId, sections } = options;
  return db.transaction((tx) => writeSectionsIn(tx, resumeId, sections));
}

/** Writes the public sections with their search columns and facet links, inside the caller's transaction. */
async function writeSectionsIn(tx: Transaction, resumeId: number, sections: Sections): Promise<Resume> {
  const { columns, facets } = searchColumnsOf(sections);
  const [row] = await tx
    .update(resumes)
    .set({ ...sections, ...columns })
    .where(eq(resumes.id, resumeId))
    .returning();
  if (!row) throw new Error('Saving the resume returned no row.');
  await writeFacetLinks(tx, resumeId, facets);
  return row;
}

const mergeText = (old: string | null | undefined, added: string | null) =>
  [old, added].filter(Boolean).join(', ').slice(0, resumeLimits.text) || null;

/**
 * applyResumeImport: the applicant saves the proposal of an imported CV after correcting it (issue 17 part
 * 2), all in one transaction: personal info (creating the resume when it has none yet), the work experience
 * and education entries added to the ones there are, the skills and languages added to the stored ones.
 */
export async function applyResumeImport(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
}): Promise<Resume> {
  const { db, viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'applicant');
  const input = parseInput(resumeImportSchema, options.input, { locale });
  const existing = await findOwnResume({ db, viewer, brand });
  if (!existing && !input.personalInfo)
    throw new AppError('CONFLICT', { key: 'resume.error.personalInfoFirst', locale });
  return db.transaction(async (tx) => {
    const resume = input.personalInfo
      ? await writePersonalInfo(tx, { brand, userId: viewer.userId, existing, info: input.personalInfo })
      : existing;
    if (!resume) throw new Error('The resume vanished.');
    let education = resume.education;
    for (const entry of input.education ?? []) education = upsertEntry(education, { ...entry, id: null }, locale);
    let workExperience = resume.workExperience;
    for (const entry of input.workExperience ?? [])
      workExperience = upsertEntry(workExperience, { ...entry, id: null }, locale);
    const oldSkills = resume.skills;
    const skills = input.skills
      ? {
          skills: [...new Set([...(oldSkills?.skills ?? []), ...input.skills.skills])].slice(0, resumeLimits.listItems),
          skillsFree: mergeText(oldSkills?.skillsFree, input.skills.skillsFree),
          skillsNotes: oldSkills?.skillsNotes ?? input.skills.skillsNotes,
        }
      : oldSkills;
    const oldLanguages = resume.languages;
    const languages = input.languages
      ? {
          languages: [...new Set([...(oldLanguages?.languages ?? []), ...input.languages.languages])],
          languagesFree: mergeText(oldLanguages?.languagesFree, input.languages.languagesFree),
          languageNotes: oldLanguages?.languageNotes ?? input.languages.languageNotes,
        }
      : oldLanguages;
    return writeSectionsIn(tx, resume.id, {
      jobPreferences: resume.jobPreferences,
      education,
      workExperience,
      languages,
      skills,
    });
  });
}

/** removeResumeEntry: the owner removes an education or work experience entry by its id. */
export async function removeResumeEntry(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  section: 'education' | 'work_experience';
  id: string;
}): Promise<Resume> {
  const { db, viewer, brand, locale, section, id } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'applicant');
  const existing = await findOwnResume({ db, viewer, brand });
  if (!existing) throw new AppError('NOT_FOUND', { key: 'resume.error.notFound', locale });
  const sections: Sections = {
    jobPreferences: existing.jobPreferences,
    education: section === 'education' ? existing.education.filter((entry) => entry.id !== id) : existing.education,
    workExperience:
      section === 'work_experience'
        ? existing.workExperience.filter((entry) => entry.id !== id)
        : existing.workExperience,
    languages: existing.languages,
    skills: existing.skills,
  };
  return writeSections({ db, resumeId: existing.id, sections });
}

/** setResumeVisibility: the owner shows their resume to recruiters or hides it (SPEC 4). */
export async function setResumeVisibility(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  visible: boolean;
}): Promise<Resume> {
  const { db, viewer, brand, locale, visible } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'applicant');
  const existing = await findOwnResume({ db, viewer, brand });
  if (!existing) throw new AppError('CONFLICT', { key: 'resume.error.personalInfoFirst', locale });
  // Shown again after being hidden, it is new to recruiters (resume alerts list it in their next digest).
  const shownNow = visible && !existing.visible ? { visibleSince: new Date() } : {};
  const [row] = await db
    .update(resumes)
    .set({ visible, ...shownNow })
    .where(eq(resumes.id, existing.id))
    .returning();
  if (!row) throw new Error('Updating the resume returned no row.');
  return row;
}
