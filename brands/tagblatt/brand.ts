import type { Brand } from '../types';
import { allSharingNetworks, defaultConstants } from '../constants';
import logoSvg from './logo.svg?raw';

/** Default frontend: the job market of a regional daily newspaper. German only. */
export const tagblatt = {
  id: 'tagblatt',
  name: 'Tagblatt Stellenmarkt',
  tagline: {
    de: 'Der Stellenmarkt Ihrer Tageszeitung: Jobs und Arbeitgeber aus der Region.',
    'en-GB': 'The job market of your daily newspaper: jobs and employers from the region.',
    fr: 'Le marché de l’emploi de votre quotidien : offres et employeurs de la région.',
  },
  locales: ['de'],
  pathTranslation: false,
  features: {
    recruiter: true,
    applicant: false,
    resume: false,
    blog: true,
    newsletter: true,
    subscriptions: true,
    gdprConsentModal: true,
    aiJobDescription: true,
    resumeImport: true,
    resumeTopCv: false,
    fieldsOfStudy: false,
    incompleteRedirectToWizard: false,
    recommenderOnResumeDetail: false,
    recommenderInJobManager: false,
    hideGeoSearch: false,
    hideKeywordSearch: false,
    disableGraduationIcon: false,
    recruiterDashboardShowsApplications: false,
    optimizedFonts: false,
    ga4Display: true,
    measurementRelay: true,
    consentPreferenceButton: false,
  },
  theme: { primaryColor: '#0b4f8a', primaryColorDark: '#083a66', logoSvg, logoMaxHeightPx: 48 },
  socialLinks: {
    facebook: 'https://www.facebook.com/tagblatt.stellenmarkt',
    instagram: 'https://www.instagram.com/tagblatt.stellenmarkt',
    linkedin: 'https://www.linkedin.com/company/tagblatt-stellenmarkt',
    xing: 'https://www.xing.com/pages/tagblatt-stellenmarkt',
  },
  sharingNetworks: allSharingNetworks,
  socialLoginOrder: ['linkedin', 'google'],
  jobTypes: ['job_per_template', 'job_per_link', 'job_per_file'],
  autocompleteBounds: null,
  currencyPlacement: 'after',
  constants: defaultConstants,
} satisfies Brand;
