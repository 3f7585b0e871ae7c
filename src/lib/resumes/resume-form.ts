/**
 * How each resume field is asked (issue 17): its control and its choices. The edit pages (server-rendered
 * forms) and the wizard island render the same descriptions, so a field looks and validates the same in
 * both; the values are checked by the section's schema (resume-schema.ts).
 */
import {
  availabilityPeriods,
  careerStatuses,
  degreeLevels,
  employmentTypes,
  languageCodes,
  personalInfoPrivateFields,
  resumeLimits,
  salutations,
  sectionFields,
  visibleFields,
  type HiddenResumeFields,
  type ResumeSection,
} from './resume-schema.ts';

export type FieldControl = 'text' | 'textarea' | 'date' | 'month' | 'number' | 'tel' | 'select' | 'checkboxes';

export interface ResumeField {
  name: string;
  control: FieldControl;
  /** Choices of select and checkboxes; their labels are the message keys `resume.value.<choice>` (languages: `resume.lang.<code>`). */
  choices?: readonly string[];
  required?: boolean;
  /** A private field (SPEC 3): the form says who sees it. */
  isPrivate?: boolean;
  maxLength?: number;
  autocomplete?: string;
}

const controls: Record<string, Omit<ResumeField, 'name'>> = {
  salutation: { control: 'select', choices: salutations },
  firstName: { control: 'text', required: true, maxLength: resumeLimits.name, autocomplete: 'given-name' },
  lastName: { control: 'text', required: true, maxLength: resumeLimits.name, autocomplete: 'family-name' },
  phone: { control: 'tel', autocomplete: 'tel' },
  birthday: { control: 'date', autocomplete: 'bday' },
  homeLocation: { control: 'text', maxLength: resumeLimits.text, autocomplete: 'address-level2' },
  about: { control: 'textarea', maxLength: resumeLimits.summary },
  title: { control: 'text', required: true, maxLength: resumeLimits.text },
  employmentType: { control: 'checkboxes', choices: employmentTypes },
  desiredSalaryMin: { control: 'number' },
  desiredSalaryMax: { control: 'number' },
  careerStatus: { control: 'select', choices: careerStatuses },
  availableStart: { control: 'date' },
  availabilityPeriods: { control: 'checkboxes', choices: availabilityPeriods },
  institution: { control: 'text', required: true, maxLength: resumeLimits.text },
  degreeLevel: { control: 'select', choices: degreeLevels },
  startMonth: { control: 'month' },
  endMonth: { control: 'month' },
  summary: { control: 'textarea', maxLength: resumeLimits.summary },
  jobTitle: { control: 'text', required: true, maxLength: resumeLimits.text },
  languages: { control: 'checkboxes', choices: languageCodes },
  languageNotes: { control: 'textarea', maxLength: resumeLimits.summary },
  skills: { control: 'text', maxLength: 2000 },
  skillsNotes: { control: 'textarea', maxLength: resumeLimits.summary },
};

/** The fields of a section a brand shows, described (hidden fields of SPEC 9 left out). */
export function fieldsOf(section: ResumeSection, hidden: HiddenResumeFields): ResumeField[] {
  return visibleFields(section, hidden).map((name) => {
    const control = controls[name] ?? { control: 'text', maxLength: resumeLimits.text };
    // work_experience's employmentType is one choice, job_preferences' several.
    const single = section === 'work_experience' && name === 'employmentType';
    return {
      name,
      ...(single ? { control: 'select' as const, choices: employmentTypes } : control),
      isPrivate: section === 'personal_info' && (personalInfoPrivateFields as readonly string[]).includes(name),
    };
  });
}

/** The message key of a choice's label. */
export function choiceLabelKey(field: string, choice: string): string {
  return field === 'languages' ? `resume.lang.${choice}` : `resume.value.${choice}`;
}

/** A section's stored values as form values (lists joined for text inputs, numbers as text). */
export function formValuesOf(section: ResumeSection, values: Record<string, unknown> | null | undefined) {
  const result: Record<string, string | string[]> = {};
  for (const name of sectionFields[section]) {
    const value = values?.[name];
    if (Array.isArray(value)) result[name] = name === 'skills' ? value.join(', ') : value.map(String);
    else result[name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return result;
}

/** The wizard's steps (SPEC 2) and their path segments. */
export const wizardSteps = ['personal-info', 'job-preferences', 'import'] as const;
export type WizardStep = (typeof wizardSteps)[number];
export const wizardStepSection = { 'personal-info': 'personal_info', 'job-preferences': 'job_preferences' } as const;
