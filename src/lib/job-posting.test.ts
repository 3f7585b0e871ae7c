import { describe, expect, it } from 'vitest';
import { buildJobPosting, serializeJsonLd, type JobPostingSource } from './job-posting';

const job: JobPostingSource = {
  id: 42,
  title: 'Pflegefachkraft (m/w/d)',
  description: '<p>Ihre Aufgaben</p>',
  publishedAt: '2026-11-01T08:00:00.000Z',
  expiresAt: '2026-12-31T23:00:00.000Z',
  state: 'published',
  isExpired: false,
  url: '/job/pflegefachkraft-42',
  organization: { name: 'Klinikum Ulm', website: 'https://klinikum-ulm.example', logo: { url: '/media/logos/7.svg' } },
  locations: [
    {
      address: {
        addressLine1: 'Albert-Einstein-Allee 23',
        locality: 'Ulm',
        postalCode: '89081',
        administrativeArea: 'Baden-Württemberg',
        countryCode: 'DE',
      },
    },
  ],
  employmentTypes: [{ slug: 'vollzeit' }, { slug: 'teilzeit' }],
  remoteOption: { slug: 'vor-ort' },
  salary: { min: 3500, max: 4200, currencyCode: 'EUR', unit: 'month' },
  application: { workflow: 'on_site' },
};

describe('JobPosting JSON-LD', () => {
  it('has every field Google requires and the recommended ones', () => {
    expect(buildJobPosting(job, 'https://jobs.example.de')).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Pflegefachkraft (m/w/d)',
      description: '<p>Ihre Aufgaben</p>',
      datePosted: '2026-11-01T08:00:00.000Z',
      validThrough: '2026-12-31T23:00:00.000Z',
      url: 'https://jobs.example.de/job/pflegefachkraft-42',
      identifier: { '@type': 'PropertyValue', name: 'Klinikum Ulm', value: '42' },
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Klinikum Ulm',
        sameAs: 'https://klinikum-ulm.example',
        logo: 'https://jobs.example.de/media/logos/7.svg',
      },
      jobLocation: [
        {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Albert-Einstein-Allee 23',
            addressLocality: 'Ulm',
            postalCode: '89081',
            addressRegion: 'Baden-Württemberg',
            addressCountry: 'DE',
          },
        },
      ],
      employmentType: ['FULL_TIME', 'PART_TIME'],
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', minValue: 3500, maxValue: 4200, unitText: 'MONTH' },
      },
      directApply: true,
    });
  });

  it('marks remote jobs as TELECOMMUTE with the countries applicants must live in', () => {
    const posting = buildJobPosting({ ...job, remoteOption: { slug: 'remote' } }, 'https://jobs.example.de');
    expect(posting).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [{ '@type': 'Country', name: 'DE' }],
    });
  });

  it('leaves out directApply for applications elsewhere and baseSalary without a salary', () => {
    const posting = buildJobPosting({ ...job, application: { workflow: 'link' }, salary: null }, 'https://x.example');
    expect(posting).not.toHaveProperty('directApply');
    expect(posting).not.toHaveProperty('baseSalary');
  });

  it('is not built for expired, archived or unpublished jobs', () => {
    expect(buildJobPosting({ ...job, isExpired: true }, 'https://x.example')).toBeNull();
    expect(buildJobPosting({ ...job, state: 'archived' }, 'https://x.example')).toBeNull();
    expect(buildJobPosting({ ...job, state: 'needs_review' }, 'https://x.example')).toBeNull();
  });

  it('cannot be closed early by the text it carries', () => {
    expect(serializeJsonLd({ description: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
