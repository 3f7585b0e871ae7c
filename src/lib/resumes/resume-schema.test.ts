import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldsOf } from './resume-form.ts';
import {
  completenessOf,
  jobPreferencesSchema,
  personalInfoSchema,
  skillsSchema,
  visibleFields,
} from './resume-schema.ts';

describe('resume section schemas', () => {
  it('split comma separated skills, drop blanks and repeats', () => {
    expect(z.parse(skillsSchema, { skills: ['Kotlin, SQL', ' Kotlin ', ''] }).skills).toEqual(['Kotlin', 'SQL']);
  });

  it('refuse a salary range upside down on the maximum, and read numbers typed as text', () => {
    const result = z.safeParse(jobPreferencesSchema, {
      title: 'Koch',
      desiredSalaryMin: '50000',
      desiredSalaryMax: '40000',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['desiredSalaryMax', 'resume.error.salaryRange'],
    ]);
    expect(z.parse(jobPreferencesSchema, { title: 'Koch', desiredSalaryMin: '40000' }).desiredSalaryMin).toBe(40000);
  });

  it('treat blank optional fields as missing and require the names', () => {
    const result = z.safeParse(personalInfoSchema, { firstName: '', lastName: 'Muster', phone: ' ', birthday: '' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['firstName']);
  });
});

describe('hidden fields and completeness', () => {
  it('leave out the fields a brand hides (SPEC 9) and mark the private ones', () => {
    const hidden = { personal_info: ['picture', 'about', 'phone'] };
    expect(visibleFields('personal_info', hidden)).toEqual([
      'salutation',
      'firstName',
      'lastName',
      'birthday',
      'homeLocation',
    ]);
    expect(
      fieldsOf('personal_info', hidden)
        .filter((field) => field.isPrivate)
        .map((field) => field.name),
    ).toEqual(['firstName', 'lastName', 'birthday', 'homeLocation']);
  });

  it('count the filled parts', () => {
    const empty = {
      personalInfo: true,
      jobPreferences: false,
      education: 0,
      workExperience: 0,
      languages: 0,
      skills: 0,
      attachments: 0,
    };
    expect(completenessOf(empty)).toEqual({
      percent: 14,
      missing: ['jobPreferences', 'education', 'workExperience', 'languages', 'skills', 'attachments'],
    });
    expect(
      completenessOf({
        ...empty,
        jobPreferences: true,
        education: 1,
        workExperience: 2,
        languages: 1,
        skills: 3,
        attachments: 1,
      }).percent,
    ).toBe(100);
  });
});
