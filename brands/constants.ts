import type { BrandConstants } from './types';

/** The business constants of SPEC section 9 shared by every brand; a brand overrides what differs. */
export const defaultConstants: BrandConstants = {
  pageSize: { organizations: 12, jobs: 10, resumes: 10, matching: 10, subscriptions: 100 },
  facets: { limit: 100, minCount: 1, autocompleteThreshold: 30 },
  geo: {
    radiusOptionsKm: [5, 25, 50, 100, 200],
    defaultRadiusKm: 100,
    resumeDefaultRadiusKm: 100,
    organizationDefaultRadiusKm: 25,
    radiusHiddenForLocationTypes: ['country', 'administrative_area'],
  },
  ranges: {
    featuredOrganizations: [0, 4],
    trainingOrganizations: [0, 50],
    trainingOrganizationSlides: 5,
    featuredJobs: [0, 6],
    videoJobs: [0, 6],
    topJobs: [0, 6],
  },
  adTeaserEvery: 5,
  jobAlertModalFrequencyDays: 10,
  unpublishedJobFadeHeightPx: 550,
  autocomplete: { delayMs: 250, minLength: 1 },
  teaserImageRatio: { width: 1000, height: 500 },
  seoCleanFacets: { organizations: 3, jobs: 2 },
  breakpointsPx: { mobile: 899, tablet: 1199, desktop: 1499 },
  modalMaxWidthPx: { default: 750, gdpr: 550 },
  alertFadeSeconds: 0.25,
  session: {
    cookieChunkSize: 3933,
    stateAndPkceCookieMaxAgeSeconds: 900,
    tokenMaxAgeDays: 30,
    clockToleranceSeconds: 15,
  },
  analytics: { pageviewDelayMs: 1000, snowplowMinimumVisitSeconds: 5, snowplowHeartbeatSeconds: 5 },
  aiJobDescription: { temperature: 0.5, maxTokens: 1500, languages: ['en', 'de', 'fr'] },
  alertIntervalsSeconds: { none: -1, daily: 86400, weekly: 604800, monthly: 2628000 },
  attachments: { extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp'], maxBytes: 50 * 1024 * 1024 },
  // SPEC 9: photo, about me and phone in personal info, phone in job preferences.
  resumeHiddenFields: { personal_info: ['picture', 'about', 'phone'], job_preferences: ['phone'] },
  resumeContactRequestDays: 14,
};

export const allSharingNetworks = ['facebook', 'linkedin', 'email', 'twitter', 'whatsapp', 'xing', 'bluesky'] as const;
