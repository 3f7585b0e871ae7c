import type { Brand } from '../types';
import { allSharingNetworks, defaultConstants } from '../constants';
import logoSvg from './logo.svg?raw';

/** Third frontend: the regional site for southern Germany (SPEC section 9). */
export const suedjobs = {
  id: 'suedjobs',
  name: 'SüdJobs',
  tagline: {
    de: 'Jobs in Baden-Württemberg und Bayern.',
    'en-GB': 'Jobs in Baden-Württemberg and Bavaria.',
    fr: 'Emplois dans le Bade-Wurtemberg et en Bavière.',
  },
  locales: ['de'],
  pathTranslation: true,
  features: {
    recruiter: true,
    applicant: false,
    resume: false,
    blog: true,
    newsletter: true,
    subscriptions: true,
    gdprConsentModal: true,
    aiJobDescription: false,
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
    optimizedFonts: true,
    ga4Display: false,
    measurementRelay: true,
    consentPreferenceButton: true,
  },
  theme: { primaryColor: '#1c788c', primaryColorDark: '#155a69', logoSvg, logoMaxHeightPx: 50 },
  socialLinks: {
    instagram: 'https://www.instagram.com/suedjobs',
    facebook: 'https://www.facebook.com/suedjobs',
    linkedin: 'https://www.linkedin.com/company/suedjobs',
  },
  sharingNetworks: allSharingNetworks,
  socialLoginOrder: ['linkedin', 'google'],
  jobTypes: ['job_per_template', 'job_per_link', 'job_per_file'],
  autocompleteBounds: { minLatitude: 47.53, maxLatitude: 49.79, minLongitude: 7.51, maxLongitude: 10.5 },
  currencyPlacement: 'after',
  constants: defaultConstants,
} satisfies Brand;
