/**
 * schema.org JobPosting for Google for Jobs: the required fields (title, description, datePosted,
 * hiringOrganization, jobLocation with a PostalAddress incl. addressCountry, or TELECOMMUTE with
 * applicantLocationRequirements) and the recommended ones (validThrough, employmentType, baseSalary,
 * identifier, directApply). Only for jobs that are open: others carry no JSON-LD at all.
 */

export interface JobPostingSource {
  id: number;
  title: string;
  description: string | null;
  publishedAt: string | null;
  expiresAt: string | null;
  state: string;
  isExpired: boolean;
  url: string;
  organization: { name: string; website: string | null; logo: { url: string } | null };
  locations: {
    address: {
      addressLine1: string | null;
      locality: string | null;
      postalCode: string | null;
      administrativeArea: string | null;
      countryCode: string | null;
    };
  }[];
  employmentTypes: { slug: string }[];
  remoteOption: { slug: string } | null;
  salary: { min: number | null; max: number | null; currencyCode: string; unit: 'hour' | 'month' | 'year' } | null;
  application: { workflow: string };
}

/** Our employment types in Google's vocabulary. */
const googleEmploymentTypes: Record<string, string> = {
  vollzeit: 'FULL_TIME',
  teilzeit: 'PART_TIME',
  minijob: 'PART_TIME',
  werkstudent: 'PART_TIME',
  praktikum: 'INTERN',
  freelance: 'CONTRACTOR',
  befristet: 'TEMPORARY',
  ausbildung: 'OTHER',
};

const unitTexts = { hour: 'HOUR', month: 'MONTH', year: 'YEAR' } as const;

export function isJobPostingEligible(job: Pick<JobPostingSource, 'state' | 'isExpired' | 'publishedAt'>): boolean {
  return job.state === 'published' && !job.isExpired && job.publishedAt !== null;
}

export function buildJobPosting(job: JobPostingSource, siteOrigin: string): Record<string, unknown> | null {
  if (!isJobPostingEligible(job) || job.publishedAt === null) return null;
  const absolute = (path: string) => new URL(path, siteOrigin).href;
  const employmentType = [...new Set(job.employmentTypes.map((type) => googleEmploymentTypes[type.slug] ?? 'OTHER'))];
  const isRemote = job.remoteOption?.slug === 'remote';
  const countries = [...new Set(job.locations.map((location) => location.address.countryCode ?? 'DE'))];
  const { salary } = job;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description ?? job.title,
    datePosted: job.publishedAt,
    ...(job.expiresAt ? { validThrough: job.expiresAt } : {}),
    url: absolute(job.url),
    identifier: { '@type': 'PropertyValue', name: job.organization.name, value: String(job.id) },
    hiringOrganization: {
      '@type': 'Organization',
      name: job.organization.name,
      ...(job.organization.website ? { sameAs: job.organization.website } : {}),
      ...(job.organization.logo ? { logo: absolute(job.organization.logo.url) } : {}),
    },
    jobLocation: job.locations.map(({ address }) => ({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(address.addressLine1 ? { streetAddress: address.addressLine1 } : {}),
        ...(address.locality ? { addressLocality: address.locality } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
        ...(address.administrativeArea ? { addressRegion: address.administrativeArea } : {}),
        addressCountry: address.countryCode ?? 'DE',
      },
    })),
    ...(isRemote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: countries.map((name) => ({ '@type': 'Country', name })),
        }
      : {}),
    ...(employmentType.length > 0
      ? { employmentType: employmentType.length === 1 ? employmentType[0] : employmentType }
      : {}),
    ...(salary && (salary.min !== null || salary.max !== null)
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: salary.currencyCode,
            value: {
              '@type': 'QuantitativeValue',
              ...(salary.min !== null ? { minValue: salary.min } : {}),
              ...(salary.max !== null ? { maxValue: salary.max } : {}),
              unitText: unitTexts[salary.unit],
            },
          },
        }
      : {}),
    // Google: directApply only when the application happens on this site.
    ...(job.application.workflow === 'on_site' ? { directApply: true } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script element. */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
