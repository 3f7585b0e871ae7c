/**
 * The settings every brand (frontend) must provide. Every field is required, so a brand that forgets a
 * setting does not compile.
 */
export type Locale = 'de' | 'en-GB' | 'fr';

export type SocialNetwork =
  'facebook' | 'twitter' | 'linkedin' | 'youtube' | 'xing' | 'instagram' | 'tiktok' | 'bluesky';

export type SharingNetwork = 'facebook' | 'linkedin' | 'email' | 'twitter' | 'whatsapp' | 'xing' | 'bluesky';
export type SocialLoginProvider = 'linkedin' | 'google' | 'facebook';
export type JobType = 'job_per_template' | 'job_per_link' | 'job_per_file';

/** Feature flags of SPEC section 1 (and the per-site switches of section 9). */
export interface BrandFeatures {
  recruiter: boolean;
  applicant: boolean;
  resume: boolean;
  blog: boolean;
  newsletter: boolean;
  subscriptions: boolean;
  gdprConsentModal: boolean;
  aiJobDescription: boolean;
  resumeImport: boolean;
  resumeTopCv: boolean;
  fieldsOfStudy: boolean;
  incompleteRedirectToWizard: boolean;
  recommenderOnResumeDetail: boolean;
  recommenderInJobManager: boolean;
  hideGeoSearch: boolean;
  hideKeywordSearch: boolean;
  disableGraduationIcon: boolean;
  recruiterDashboardShowsApplications: boolean;
  /**
   * SPEC section 2, "Job application with forced registration leads to login": applying needs an applicant
   * account; anonymous visitors are sent to sign-in or registration and come back to the same step.
   */
  applyRequiresAccount: boolean;
  optimizedFonts: boolean;
  ga4Display: boolean;
  measurementRelay: boolean;
  consentPreferenceButton: boolean;
  /** SPEC 9 home page modules chosen by staff (issue 15): featured organizations (0–4). */
  homeFeaturedOrganizations: boolean;
  /** SPEC 9 home page modules chosen by staff (issue 15): training organizations (0–50, 5 per slide). */
  homeTrainingOrganizations: boolean;
}

/**
 * Advertisement slots (issue 19): the HTML of a slot as the publisher's ad server gives it (trusted brand
 * configuration, rendered as is), or null: then the page has no slot at all, never an empty box.
 */
export interface BrandAdSlots {
  /** On the home page, between the job modules. */
  home: string | null;
  /** In the job search results, after every `constants.adTeaserEvery` hits. */
  searchResults: string | null;
}

export interface GeoBounds {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

export interface BrandConstants {
  pageSize: { organizations: number; jobs: number; resumes: number; matching: number; subscriptions: number };
  facets: { limit: number; minCount: number; autocompleteThreshold: number };
  geo: {
    radiusOptionsKm: readonly number[];
    /** Default radius for job search (SPEC 9: 100, 25 on the second frontend). */
    defaultRadiusKm: number;
    resumeDefaultRadiusKm: number;
    organizationDefaultRadiusKm: number;
    /** Location types for which the radius selector is hidden. */
    radiusHiddenForLocationTypes: readonly string[];
  };
  ranges: {
    featuredOrganizations: readonly [number, number];
    trainingOrganizations: readonly [number, number];
    trainingOrganizationSlides: number;
    featuredJobs: readonly [number, number];
    videoJobs: readonly [number, number];
    topJobs: readonly [number, number];
  };
  adTeaserEvery: number;
  jobAlertModalFrequencyDays: number;
  unpublishedJobFadeHeightPx: number;
  autocomplete: { delayMs: number; minLength: number };
  teaserImageRatio: { width: number; height: number };
  seoCleanFacets: { organizations: number; jobs: number };
  breakpointsPx: { mobile: number; tablet: number; desktop: number };
  modalMaxWidthPx: { default: number; gdpr: number };
  alertFadeSeconds: number;
  session: {
    cookieChunkSize: number;
    stateAndPkceCookieMaxAgeSeconds: number;
    tokenMaxAgeDays: number;
    clockToleranceSeconds: number;
  };
  analytics: { pageviewDelayMs: number; snowplowMinimumVisitSeconds: number; snowplowHeartbeatSeconds: number };
  aiJobDescription: { temperature: number; maxTokens: number; languages: readonly string[] };
  alertIntervalsSeconds: { none: number; daily: number; weekly: number; monthly: number };
  attachments: { extensions: readonly string[]; maxBytes: number };
  /** SPEC 9: resume fields the wizard and the edit pages do not show, by section (stored names). */
  resumeHiddenFields: { personal_info?: readonly string[]; job_preferences?: readonly string[] };
  /** SPEC 4: a pending resume contact request expires (and gives its credit back) after this many days. */
  resumeContactRequestDays: number;
}

/** Measurement and tracking consent of a brand (issue 18, SPEC 9). */
export interface BrandAnalytics {
  /** Who asks for cookie/tracking consent: the site's own banner, or an external consent-management provider. */
  consentProvider: 'builtin' | 'cookiebot' | 'usercentrics';
  /** Event keys (SPEC 9) relayed to the conversion API (POST /api/conversionapi); empty: the relay is off. */
  conversionEvents: readonly string[];
}

export interface Brand {
  /** The FRONTEND value that selects this brand. */
  id: string;
  name: string;
  /** Short description used in meta descriptions and the footer. */
  tagline: Record<Locale, string>;
  /** First locale is the default. */
  locales: readonly [Locale, ...Locale[]];
  pathTranslation: boolean;
  features: BrandFeatures;
  theme: {
    /** Primary colour; white text on it must reach WCAG AA (4.5:1). */
    primaryColor: string;
    /** Darker shade for hover and focus states. */
    primaryColorDark: string;
    /** The logo is brands/<id>/logo.svg, drawn for the primary colour as background. */
    logoMaxHeightPx: number;
  };
  socialLinks: Partial<Record<SocialNetwork, string>>;
  sharingNetworks: readonly SharingNetwork[];
  socialLoginOrder: readonly SocialLoginProvider[];
  jobTypes: readonly JobType[];
  /** Location autocomplete is restricted to these bounds when set. */
  autocompleteBounds: GeoBounds | null;
  currencyPlacement: 'before' | 'after';
  constants: BrandConstants;
  analytics: BrandAnalytics;
  adSlots: BrandAdSlots;
}
