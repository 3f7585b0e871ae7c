import type { BackendClient } from '../../lib/backend-client/index.ts';
import type { ResumeSection } from '../../lib/resumes/resume-schema.ts';
import {
  saveResumeEducation,
  saveResumeJobPreferences,
  saveResumeLanguages,
  saveResumePersonalInfo,
  saveResumeSkills,
  saveResumeWorkExperience,
} from './operations.ts';

/** Fields of a section sent as lists (checkboxes, or a comma separated text for skills). */
export const listFields = ['employmentType', 'availabilityPeriods', 'languages', 'skills'] as const;

type Values = Record<string, string | string[] | undefined>;
const text = (values: Values, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : null;
};
const list = (values: Values, name: string) => {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
};

/** Saves one section through its mutation; the backend checks the values with the section's schema. */
export async function saveSection(backend: BackendClient, section: ResumeSection, values: Values): Promise<void> {
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, text(values, name)]));
  switch (section) {
    case 'personal_info':
      await backend.request(saveResumePersonalInfo, {
        input: pick(['salutation', 'firstName', 'lastName', 'phone', 'birthday', 'homeLocation', 'about']),
      });
      return;
    case 'job_preferences':
      await backend.request(saveResumeJobPreferences, {
        input: {
          ...pick(['title', 'desiredOccupation', 'desiredLocation', 'desiredSalaryMin', 'desiredSalaryMax']),
          ...pick(['careerStatus', 'availableStart']),
          employmentType: list(values, 'employmentType'),
          availabilityPeriods: list(values, 'availabilityPeriods'),
        },
      });
      return;
    case 'education':
      await backend.request(saveResumeEducation, {
        input: pick([
          'id',
          'institution',
          'degreeLevel',
          'fieldOfStudy',
          'studyProgram',
          'location',
          'startMonth',
          'endMonth',
          'summary',
        ]),
      });
      return;
    case 'work_experience':
      await backend.request(saveResumeWorkExperience, {
        input: pick([
          'id',
          'jobTitle',
          'occupation',
          'employmentType',
          'companyName',
          'location',
          'startMonth',
          'endMonth',
          'summary',
        ]),
      });
      return;
    case 'languages':
      await backend.request(saveResumeLanguages, {
        input: { ...pick(['languagesFree', 'languageNotes']), languages: list(values, 'languages') },
      });
      return;
    case 'skills':
      await backend.request(saveResumeSkills, {
        input: { ...pick(['skillsFree', 'skillsNotes']), skills: list(values, 'skills') },
      });
      return;
  }
}
