import { defineOperation } from '../backend-client/index.ts';

export interface TermRef {
  tid: number;
  slug: string;
  label: string;
}

export interface Address {
  countryCode: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  administrativeArea: string | null;
  locality: string | null;
  postalCode: string | null;
}

export interface SalaryRange {
  min: number | null;
  max: number | null;
  currencyCode: string;
  unit: 'hour' | 'month' | 'year';
}

export interface JobDetail {
  id: number;
  title: string;
  jobType: string;
  state: 'needs_review' | 'published' | 'archived' | 'scheduled';
  description: string | null;
  linkUrl: string | null;
  availabilityPeriod: string | null;
  organization: {
    id: number;
    name: string;
    url: string;
    website: string | null;
    logo: { url: string; alt: string } | null;
  };
  locations: { address: Address; latitude: number; longitude: number }[];
  employmentTypes: TermRef[];
  occupationalFields: TermRef[];
  remoteOption: TermRef | null;
  yearsOfExperience: TermRef | null;
  salary: SalaryRange | null;
  publishedAt: string | null;
  expiresAt: string | null;
  isExpired: boolean;
  isTop: boolean;
  language: string;
  url: string;
  application: { workflow: 'email' | 'link' | 'on_site'; emails: string[]; link: string | null };
}

const addressFields = 'countryCode addressLine1 addressLine2 administrativeArea locality postalCode';

export const getJob = defineOperation<{ job: JobDetail | null }, { id: number }>(
  'job',
  `query job($id: Int!) {
    job(id: $id) {
      id title jobType state description linkUrl availabilityPeriod
      organization { id name url website logo { url alt } }
      locations { address { ${addressFields} } latitude longitude }
      employmentTypes { tid slug label } occupationalFields { tid slug label }
      remoteOption { tid slug label } yearsOfExperience { tid slug label }
      salary { min max currencyCode unit }
      publishedAt expiresAt isExpired isTop language url
      application { workflow emails link }
    }
  }`,
);

export interface OrganizationDetail {
  id: number;
  name: string;
  presentation: string | null;
  industry: TermRef[];
  benefits: TermRef[];
  url: string;
  logo: { url: string; alt: string } | null;
  website: string | null;
  size: string | null;
  address: Address;
  contactPersons: {
    firstName: string | null;
    lastName: string | null;
    position: string | null;
    email: string | null;
    phone: string | null;
  }[];
  faq: { question: string; answer: string }[];
  openJobCount: number;
}

export const getOrganizationProfile = defineOperation<
  { organizationProfile: OrganizationDetail | null },
  { id?: number; path?: string }
>(
  'organizationProfile',
  `query organizationProfile($id: Int, $path: String) {
    organizationProfile(id: $id, path: $path) {
      id name presentation url website size openJobCount
      industry { tid slug label } benefits { tid slug label }
      logo { url alt }
      address { ${addressFields} }
      contactPersons { firstName lastName position email phone }
      faq { question answer }
    }
  }`,
);

export const getOrganizationName = defineOperation<{ organizationProfile: { name: string } | null }, { id: number }>(
  'organizationName',
  `query organizationName($id: Int!) { organizationProfile(id: $id) { name } }`,
);

export interface JobTeaser {
  id: number;
  title: string;
  url: string;
  organization: { name: string };
  locations: { address: { locality: string | null } }[];
}

export const getSimilarJobs = defineOperation<{ similarJobs: JobTeaser[] }, { jobId: number; limit?: number }>(
  'similarJobs',
  `query similarJobs($jobId: Int!, $limit: Int) {
    similarJobs(jobId: $jobId, limit: $limit) { id title url organization { name } locations { address { locality } } }
  }`,
);
