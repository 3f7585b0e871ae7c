/**
 * Demo resumes (issue 17): one per demo applicant on the brand with resumes (jobregio), visible, with the
 * sections a recruiter browsing the demo expects in the resume search. Deterministic per seed.
 */
import type {
  EducationEntry,
  JobPreferences,
  Languages,
  Skills,
  WorkExperienceEntry,
} from '../../lib/resumes/resume-schema.ts';
import type { Random } from './random.ts';

const profiles = [
  {
    title: 'Pflegefachkraft',
    occupation: 'Gesundheit und Pflege',
    skills: ['Grundpflege', 'Dokumentation', 'Wundversorgung'],
    study: 'Pflege',
  },
  {
    title: 'Softwareentwicklerin',
    occupation: 'IT und Software',
    skills: ['Kotlin', 'TypeScript', 'PostgreSQL'],
    study: 'Informatik',
  },
  {
    title: 'Elektroniker für Betriebstechnik',
    occupation: 'Handwerk und Technik',
    skills: ['SPS', 'Elektroinstallation'],
    study: 'Elektrotechnik',
  },
  {
    title: 'Buchhalter',
    occupation: 'Finanzen und Controlling',
    skills: ['DATEV', 'Excel', 'Lohnbuchhaltung'],
    study: 'Betriebswirtschaft',
  },
  { title: 'Koch', occupation: 'Gastronomie', skills: ['Regionale Küche', 'HACCP'], study: 'Koch' },
  { title: 'Lagerlogistiker', occupation: 'Logistik', skills: ['Staplerschein', 'SAP'], study: 'Logistik' },
  {
    title: 'Erzieherin',
    occupation: 'Bildung und Soziales',
    skills: ['Sprachförderung', 'Elternarbeit'],
    study: 'Pädagogik',
  },
  {
    title: 'Vertriebsmitarbeiter Innendienst',
    occupation: 'Vertrieb',
    skills: ['CRM', 'Angebotserstellung', 'Englisch'],
    study: 'Betriebswirtschaft',
  },
];
const places = [
  'Freiburg im Breisgau',
  'Offenburg',
  'Lörrach',
  'Karlsruhe',
  'Basel',
  'Emmendingen',
  'Stuttgart',
  'Konstanz',
];
const careers = ['graduate', 'professional', 'professional', 'manager'] as const;

export interface ResumeDraft {
  jobPreferences: JobPreferences;
  education: EducationEntry[];
  workExperience: WorkExperienceEntry[];
  languages: Languages;
  skills: Skills;
  homeLocation: string;
}

export function generateResume(random: Random, index: number): ResumeDraft {
  const profile = profiles[index % profiles.length]!;
  const place = places[index % places.length]!;
  const since = 2010 + random.int(0, 10);
  return {
    jobPreferences: {
      title: profile.title,
      desiredOccupation: profile.occupation,
      employmentType: random.chance(0.7) ? ['full_time'] : ['part_time'],
      desiredLocation: place,
      desiredSalaryMin: null,
      desiredSalaryMax: null,
      careerStatus: random.pick(careers),
      availableStart: null,
      availabilityPeriods: [],
    },
    education: [
      {
        id: `${(index + 1).toString(16).padStart(8, '0')}0000ed00`,
        institution: `Berufsschule ${place}`,
        degreeLevel: 'apprenticeship',
        fieldOfStudy: profile.study,
        studyProgram: null,
        location: place,
        startMonth: `${since - 3}-09`,
        endMonth: `${since}-07`,
        summary: null,
      },
    ],
    workExperience: [
      {
        id: `${(index + 1).toString(16).padStart(8, '0')}0000we00`.replace('we', '0e'),
        jobTitle: profile.title,
        occupation: profile.occupation,
        employmentType: 'full_time',
        companyName: null,
        location: place,
        startMonth: `${since}-08`,
        endMonth: null,
        summary: `Seit ${since} als ${profile.title} tätig.`,
      },
    ],
    languages: {
      languages: random.chance(0.5) ? ['de', 'en'] : ['de', 'fr'],
      languagesFree: null,
      languageNotes: null,
    },
    skills: { skills: profile.skills, skillsFree: null, skillsNotes: null },
    homeLocation: place,
  };
}
