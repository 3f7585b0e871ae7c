import { describe, expect, it } from 'vitest';
import { englishCv, germanCv } from '../../../../../tests/support/cv-fixtures.ts';
import { mapCvText } from './map-cv-text.ts';

describe('mapCvText', () => {
  it('maps a German CV to name, contact data, dated entries, skills and languages', () => {
    const proposal = mapCvText(germanCv.join('\n'));
    expect(proposal.personalInfo).toEqual({
      firstName: 'Greta',
      lastName: 'Beispiel',
      email: 'greta.beispiel@example.org',
      phone: '+49 761 555123',
      birthday: '1990-04-01',
      homeLocation: 'Freiburg im Breisgau',
    });
    expect(proposal.workExperience).toEqual([
      {
        jobTitle: 'Softwareentwicklerin',
        companyName: 'Schwarzwald Software GmbH',
        location: 'Freiburg',
        startMonth: '2019-03',
        endMonth: null,
        summary: 'Entwicklung von Webanwendungen mit TypeScript',
      },
      {
        jobTitle: 'Werkstudentin',
        companyName: 'Datenwerk AG',
        location: 'Karlsruhe',
        startMonth: '2015-08',
        endMonth: '2019-02',
        summary: null,
      },
    ]);
    expect(proposal.education).toEqual([
      {
        institution: 'Albert-Ludwigs-Universität Freiburg',
        degreeLevel: 'master',
        studyProgram: 'Master Informatik',
        location: null,
        startMonth: '2010-10',
        endMonth: '2015-09',
        summary: null,
      },
      {
        institution: 'Goethe-Gymnasium Emmendingen',
        degreeLevel: 'school',
        studyProgram: 'Abitur',
        location: null,
        startMonth: '2001-01',
        endMonth: '2010-12',
        summary: null,
      },
    ]);
    expect(proposal.skills).toEqual(['TypeScript', 'PostgreSQL', 'Docker']);
    expect(proposal.languages).toEqual(['de', 'en']);
    expect(proposal.languagesFree).toBe('Suaheli (Grundkenntnisse)');
  });

  it('maps an English CV', () => {
    const proposal = mapCvText(englishCv.join('\n'));
    expect(proposal.personalInfo).toMatchObject({
      firstName: 'John',
      lastName: 'Example',
      email: 'john.example@example.com',
      phone: '+44 20 7946 0958',
      birthday: '1988-11-23',
      homeLocation: 'Manchester',
    });
    expect(proposal.workExperience).toEqual([
      {
        jobTitle: 'Data Analyst',
        companyName: 'Northern Data Ltd',
        location: 'Manchester',
        startMonth: '2020-01',
        endMonth: null,
        summary: 'Built reporting dashboards',
      },
      {
        jobTitle: 'Junior Analyst',
        companyName: 'Insight Partners',
        location: null,
        startMonth: '2016-06',
        endMonth: '2019-12',
        summary: null,
      },
    ]);
    expect(proposal.education).toEqual([
      expect.objectContaining({
        institution: 'University of Leeds',
        degreeLevel: 'bachelor',
        studyProgram: 'BSc Mathematics',
        startMonth: '2012-01',
        endMonth: '2016-12',
      }),
    ]);
    expect(proposal.skills).toEqual(['Python', 'SQL', 'Tableau']);
    expect(proposal.languages).toEqual(['en', 'fr']);
  });

  it('proposes nothing from text without a CV in it', () => {
    const proposal = mapCvText('1234\n\n%%%');
    expect(proposal).toEqual({
      personalInfo: { firstName: null, lastName: null, email: null, phone: null, birthday: null, homeLocation: null },
      workExperience: [],
      education: [],
      skills: [],
      languages: [],
      languagesFree: null,
    });
  });
});
