import type { Brand } from '../types';
import { allSharingNetworks, defaultConstants } from '../constants.ts';

/**
 * Second frontend: a regional job brand for the cross-border Upper Rhine region, hence German, English and
 * French. The variant with applicant accounts and resumes on; job posts by template or link only.
 */
export const jobregio = {
  id: 'jobregio',
  name: 'JobRegio Oberrhein',
  tagline: {
    de: 'Jobs am Oberrhein – in Baden, im Elsass und in der Nordwestschweiz.',
    'en-GB': 'Jobs in the Upper Rhine region – Baden, Alsace and north-western Switzerland.',
    fr: 'Emplois dans le Rhin supérieur – Bade, Alsace et Suisse du Nord-Ouest.',
  },
  locales: ['de', 'en-GB', 'fr'],
  pathTranslation: true,
  features: {
    recruiter: true,
    applicant: true,
    resume: true,
    blog: false,
    newsletter: false,
    subscriptions: false,
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
    applyRequiresAccount: true,
    optimizedFonts: false,
    ga4Display: true,
    measurementRelay: false,
    consentPreferenceButton: false,
    homeFeaturedOrganizations: true,
    homeTrainingOrganizations: false,
  },
  theme: { primaryColor: '#a3261c', primaryColorDark: '#7a1c15', logoMaxHeightPx: 44 },
  socialLinks: {
    facebook: 'https://www.facebook.com/jobregio',
    linkedin: 'https://www.linkedin.com/company/jobregio',
    youtube: 'https://www.youtube.com/@jobregio',
  },
  sharingNetworks: allSharingNetworks,
  socialLoginOrder: ['linkedin', 'google', 'facebook'],
  jobTypes: ['job_per_template', 'job_per_link'],
  autocompleteBounds: null,
  currencyPlacement: 'after',
  constants: { ...defaultConstants, geo: { ...defaultConstants.geo, defaultRadiusKm: 25 } },
  analytics: { consentProvider: 'builtin', conversionEvents: [] },
  adSlots: { home: null, searchResults: null },
} satisfies Brand;
